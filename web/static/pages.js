// The pages work without this script; it only makes them quicker to use:
// the card keyboard writes into its text field, the print button prints,
// the choice between one play and a whole turn renames the field, hints open
// one after another, and a fresh verdict (or a finished game's results) is brought into view.
"use strict";

// A key writes a card's words held together by no-break spaces ("9 gallina"), so only plain spaces split tokens.
function tokensOf(text) {
  return text.trim() === "" ? [] : text.trim().split(/ +/);
}

function setUpKeyboard(keyboard) {
  const field = document.getElementById(keyboard.dataset.target);
  if (!field) {
    return;
  }
  keyboard.hidden = false;
  keyboard.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key) {
      return;
    }
    const tokens = tokensOf(field.value);
    if (key.dataset.insert) {
      tokens.push(key.dataset.insert);
    } else if (key.dataset.action === "undo") {
      tokens.pop();
    } else if (key.dataset.action === "clear") {
      tokens.length = 0;
    }
    field.value = tokens.join(" ");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function setUpModeChoice(form) {
  const field = form.querySelector("#notation");
  form.querySelectorAll('input[name="mode"]').forEach((radio) => {
    radio.addEventListener("change", () => {
      if (field && radio.checked) {
        field.name = radio.value === "turn" ? "turn" : "play";
      }
    });
  });
}

function setUpHints(section) {
  const levels = Array.from(section.querySelectorAll("details.hint-level"));
  levels.forEach((details, index) => {
    if (index > 0) {
      details.hidden = true;
    }
    details.addEventListener("toggle", () => {
      if (details.open && levels[index + 1]) {
        levels[index + 1].hidden = false;
      }
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".card-keyboard").forEach(setUpKeyboard);
  document.querySelectorAll("form.play-form").forEach(setUpModeChoice);
  document.querySelectorAll("section.hints").forEach(setUpHints);
  document.querySelectorAll('[data-action="print"]').forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  });
  // A finished game's results come before the verdict of its last move.
  const verdict = document.getElementById("results") || document.getElementById("verdict");
  if (verdict && window.location.search) {
    verdict.scrollIntoView({ block: "start" });
    verdict.focus({ preventScroll: true });
  }
});
