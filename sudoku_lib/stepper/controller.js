// The browser side of the stepper's keys and of Play (anywidget loads this file as the
// Controller widget's module): a line that says which keys work, a key listener on the
// stepper around it, and Play's clock, which asks the kernel for one tick and waits.
const KEYS = { ArrowRight: "step", ArrowLeft: "back", " ": "play", Home: "first", End: "last" };
const TYPING = ["INPUT", "TEXTAREA", "SELECT"];

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "sdk-keys";
  line.textContent = model.get("hint");
  el.appendChild(line);
  let root = null;
  let timer = null;
  const onKey = (event) => {
    const action = KEYS[event.key];
    if (!action || TYPING.includes(event.target.tagName)) return;
    // The slider moves itself on arrows, Home and End: acting too would move two steps.
    if (event.key !== " " && event.target.closest(".widget-slider, .noUi-target")) return;
    if (event.key === " " && event.target.tagName === "BUTTON") return;  // Space presses it
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ key: action });
  };
  const attach = (tries) => {
    root = el.closest(".sudoku-stepper, .sudoku-side-by-side");
    if (!root) {
      if (tries > 0) requestAnimationFrame(() => attach(tries - 1));
      return;
    }
    root.tabIndex = 0;
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", model.get("label"));
    root.setAttribute("aria-keyshortcuts", "ArrowRight ArrowLeft Space Home End");
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.addEventListener("keydown", onKey);
    for (const control of root.querySelectorAll("select, input")) {
      const label = control.closest(".widget-inline-hbox")?.querySelector(".widget-label");
      const words = label ? label.title || label.textContent : "";
      if (!control.title && words) control.title = words;
    }
    for (const node of root.querySelectorAll("[title]")) {
      if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", node.title);
    }
  };
  attach(600);
  let sent = 0;
  const tick = () => {
    timer = null;
    sent = performance.now();
    if (model.get("playing")) model.send({ key: "tick" });
  };
  const schedule = () => {
    // the kernel's answer took part of the interval already: wait only for the rest
    const rest = Math.max(0, model.get("interval") - (performance.now() - sent));
    if (model.get("playing") && timer === null) timer = setTimeout(tick, rest);
  };
  model.on("msg:custom", (message) => { if (message.ticked) schedule(); });
  model.on("change:playing", schedule);
  schedule();
  return () => {
    if (root) root.removeEventListener("keydown", onKey);
    if (timer !== null) clearTimeout(timer);
  };
}
export default { render };
