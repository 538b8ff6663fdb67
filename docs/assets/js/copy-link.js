// "Copy link" controls: copy the answer's full URL. Without JavaScript they are plain links.
// Bound once by delegation, so it is safe under Material's instant navigation.
(function () {
  if (window.cribbageCopyLinkBound) return;
  window.cribbageCopyLinkBound = true;

  function announce(link, text) {
    let status = link.parentNode.querySelector(".copy-link__status");
    if (!status) {
      status = document.createElement("span");
      status.className = "copy-link__status";
      status.setAttribute("role", "status");
      link.after(status);
    }
    status.textContent = text;
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-copy-link]");
    if (!link || !navigator.clipboard) return;
    event.preventDefault();
    navigator.clipboard.writeText(link.href).then(
      function () { announce(link, "Link copied: " + link.href); },
      function () { announce(link, "Could not copy; the link is " + link.href); }
    );
  });
})();
