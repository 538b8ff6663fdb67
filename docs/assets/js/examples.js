// The counted examples' filter (overrides/partials/catalog/examples_index.html): choose what an
// example should teach and both the index rows and the examples below narrow to match. The
// choice is kept in the address (?teaches=run) so a filtered list can be sent to someone.
import { mountPage } from "./mount.js";
import { replaceAddress } from "./link.js";

function apply(root, wanted) {
  const matches = (node) => !wanted || node.dataset.teaches.split(" ").includes(wanted);
  let shown = 0;
  root.querySelectorAll("[data-example-row]").forEach((row) => {
    const keep = matches(row);
    row.toggleAttribute("data-filtered-out", !keep);
    if (keep) shown += 1;
  });
  document.querySelectorAll("figure[data-example][data-teaches]").forEach((figure) => {
    figure.toggleAttribute("data-filtered-out", !matches(figure));
  });
  const total = root.querySelectorAll("[data-example-row]").length;
  root.querySelector("[data-examples-count]").textContent =
    wanted ? `Showing ${shown} of ${total} examples.` : `All ${total} examples.`;
}

function keepInAddress(wanted) {
  const url = new URL(window.location.href);
  if (wanted) url.searchParams.set("teaches", wanted);
  else url.searchParams.delete("teaches");
  replaceAddress(url);
}

mountPage("[data-examples-finder]", (root) => {
  const form = root.querySelector("[data-examples-filter]");
  const choice = root.querySelector("[data-teaches-choice]");
  const requested = new URL(window.location.href).searchParams.get("teaches") || "";
  if ([...choice.options].some((option) => option.value === requested)) choice.value = requested;
  form.hidden = false;
  const onChange = () => {
    apply(root, choice.value);
    keepInAddress(choice.value);
  };
  const onSubmit = (event) => event.preventDefault();
  choice.addEventListener("change", onChange);
  form.addEventListener("submit", onSubmit);
  apply(root, choice.value);
  return () => {
    choice.removeEventListener("change", onChange);
    form.removeEventListener("submit", onSubmit);
  };
});
