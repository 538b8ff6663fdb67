// What the pages use from the browser beyond TypeScript's DOM library, and from Material's bundle.

/** Material for MkDocs announces each page view (instant navigation) on this RxJS subject. */
interface MaterialPages {
  subscribe(next: (document: Document) => void): { unsubscribe(): void };
}

interface Window {
  document$?: MaterialPages;
}

/** The Network Information API (Chromium only): Save-Data and the connection's rated speed. */
interface Navigator {
  connection?: { saveData?: boolean; effectiveType?: string };
}
