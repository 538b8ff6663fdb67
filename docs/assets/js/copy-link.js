// "Copy link" controls: copy the answer's full URL. Without JavaScript they are plain links.
// Bound once by delegation (a module runs once per visit), so it is safe under Material's
// instant navigation.
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

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-copy-link]");
  if (!link || !navigator.clipboard) return;
  event.preventDefault();
  navigator.clipboard.writeText(link.href).then(
    () => announce(link, "Link copied: " + link.href),
    () => announce(link, "Could not copy; the link is " + link.href),
  );
});
