// Drawing a link code as a QR code and reading one back, with the `qr` package served from the
// site itself (assets/vendor/qr/, copied from node_modules by the build) and the browser's own
// BarcodeDetector where it has one.

import encodeQR from "../../vendor/qr/index.js";
import { decodeQR } from "../../vendor/qr/decode.js";

// The Barcode Detection API, which TypeScript's DOM library does not have yet (not in every browser).
/**
 * @typedef {{
 *   new (options: {formats: string[]}): {detect(image: ImageData): Promise<{rawValue: string}[]>},
 *   getSupportedFormats(): Promise<string[]>,
 * }} BarcodeDetectorClass
 */

/** The quiet zone the standard asks for round a code, in modules. */
export const QUIET_MODULES = 4;
/** Medium error correction (15 %): a code shown on a phone's screen is read through glare. */
export const ECC = "medium";

/**
 * The code's modules (true = dark), quiet zone included, and the QR version it takes.
 * @param {string} text
 * @returns {{modules: boolean[][], version: number}}
 */
export function draw(text) {
  const modules = encodeQR(text, "raw", { ecc: ECC, border: QUIET_MODULES });
  return { modules, version: (modules.length - 2 * QUIET_MODULES - 17) / 4 };
}

/**
 * Paints the modules on a canvas, `scale` pixels each, dark on white whatever the page's theme
 * (a reader needs the contrast).
 * @param {HTMLCanvasElement} canvas
 * @param {boolean[][]} modules
 * @param {number} scale
 */
export function paint(canvas, modules, scale) {
  const size = modules.length * scale;
  canvas.width = size;
  canvas.height = size;
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000";
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) context.fillRect(x * scale, y * scale, scale, scale);
  }));
}

/**
 * The text of the QR code in an image, or null when none can be read.
 * @param {ImageData} image
 * @returns {Promise<string | null>}
 */
export async function read(image) {
  const Detector = /** @type {{BarcodeDetector?: BarcodeDetectorClass}} */ (globalThis).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes("qr_code")) {
    const found = await new Detector({ formats: ["qr_code"] }).detect(image);
    if (found.length) return found[0].rawValue;
  }
  try {
    return decodeQR({ width: image.width, height: image.height, data: image.data });
  } catch {
    return null; // no code in the picture, or one too blurred to read: the caller asks again
  }
}
