// The counted examples' filter (overrides/partials/catalog/examples_index.html): choose what an
// example should teach and both the index rows and the examples below narrow to match. The
// choice is kept in the address (?teaches=run) so a filtered list can be sent to someone.
import { mountPage } from "./mount.js";
import { replaceAddress } from "./link.js";

// The rows and figures are HTML elements with data-teaches (examples_index.html, example.html).
/** @param {HTMLElement} root @param {string} wanted a topic, or "" for every example */
function apply(root, wanted) {
  const matches = (/** @type {HTMLElement} */ node) =>
    !wanted || (node.dataset.teaches ?? "").split(" ").includes(wanted);
  let shown = 0;
  root.querySelectorAll("[data-example-row]").forEach((row) => {
    if (!(row instanceof HTMLElement)) return;
    const keep = matches(row);
    row.toggleAttribute("data-filtered-out", !keep);
    if (keep) shown += 1;
  });
  document.querySelectorAll("figure[data-example][data-teaches]").forEach((figure) => {
    if (!(figure instanceof HTMLElement)) return;
    figure.toggleAttribute("data-filtered-out", !matches(figure));
  });
  const total = root.querySelectorAll("[data-example-row]").length;
  /** @type {HTMLElement} */ (root.querySelector("[data-examples-count]")).textContent =
    wanted ? `Showing ${shown} of ${total} examples.` : `All ${total} examples.`;
}

/** @param {string} wanted */
function keepInAddress(wanted) {
  const url = new URL(window.location.href);
  if (wanted) url.searchParams.set("teaches", wanted);
  else url.searchParams.delete("teaches");
  replaceAddress(url);
}

mountPage("[data-examples-finder]", (root) => {
  // The filter's markup is examples_index.html's, which always has both.
  const form = /** @type {HTMLFormElement} */ (root.querySelector("[data-examples-filter]"));
  const choice = /** @type {HTMLSelectElement} */ (root.querySelector("[data-teaches-choice]"));
  const requested = new URL(window.location.href).searchParams.get("teaches") || "";
  if ([...choice.options].some((option) => option.value === requested)) choice.value = requested;
  form.hidden = false;
  const onChange = () => {
    apply(root, choice.value);
    keepInAddress(choice.value);
  };
  const onSubmit = (/** @type {SubmitEvent} */ event) => event.preventDefault();
  choice.addEventListener("change", onChange);
  form.addEventListener("submit", onSubmit);
  apply(root, choice.value);
  return () => {
    choice.removeEventListener("change", onChange);
    form.removeEventListener("submit", onSubmit);
  };
});
