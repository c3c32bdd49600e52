// The game pages work without this script; it only makes them quicker to use:
// the start form redraws itself when the game or the number of players changes,
// the seats' links copy with one tap, and the table asks every second whether
// someone has played, then shows the table as it is now in place, without
// moving the page or losing a move being put together (once the game is over,
// it asks whether the players started the next one, and shows it).
"use strict";

const POLL_MILLISECONDS = 1000;

function setUpRedraw(form) {
  const button = form.querySelector("[data-redraw-button]");
  if (!button) {
    return;
  }
  // Kept as the submitter of a redraw, but last and hidden, so that Enter in a field starts the game.
  form.append(button);
  button.hidden = true;
  // A redraw is a GET, whose fields go into the address: the form's token stays out of it.
  let redrawing = false;
  form.addEventListener("submit", (event) => {
    redrawing = event.submitter === button;
  });
  form.addEventListener("formdata", (event) => {
    if (redrawing) {
      event.formData.delete("csrf_token");
    }
  });
  form.querySelectorAll("[data-redraw-on-change]").forEach((field) => {
    field.addEventListener("change", () => form.requestSubmit(button));
  });
}

function setUpCopy(button) {
  const field = document.getElementById(button.dataset.copy);
  if (!field) {
    return;
  }
  button.hidden = false;
  const label = button.textContent;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch (error) {
      field.select();
      document.execCommand("copy");
    }
    button.textContent = button.dataset.copied;
    window.setTimeout(() => {
      button.textContent = label;
    }, 2000);
  });
}

function composing(table) {
  // A move half built or typed: reloading would lose it.
  const typed = Array.from(table.querySelectorAll('form.play-move input[type="text"]')).some(
    (field) => field.value.trim() !== "",
  );
  return typed || table.querySelector("form.play-move input:checked") !== null;
}

function setUpPolling(table) {
  // A finished game is asked on whether its players went on to a next game, to offer it.
  const goesOn = () => table.dataset.over !== "true" || table.dataset.awaitsNext === "true";
  if (!goesOn()) {
    return;
  }
  async function ask() {
    if (!document.hidden) {
      let answer = null;
      try {
        const response = await fetch(table.dataset.poll, { cache: "no-store", credentials: "same-origin" });
        answer = response.ok ? await response.json() : null;
      } catch (error) {
        answer = null; // the server is out of reach for now: ask again later
      }
      const changed = table.querySelector("[data-changed]");
      if (answer && table.dataset.awaitsNext === "true" && answer.next_game && !composing(table)) {
        window.location.replace(table.dataset.table);
        return;
      }
      if (answer && String(answer.version) !== table.dataset.version) {
        if (composing(table)) {
          if (changed) {
            changed.hidden = false;
          }
        } else {
          await showTableNow(table);
          if (!goesOn()) {
            return;
          }
        }
      }
    }
    window.setTimeout(ask, POLL_MILLISECONDS);
  }
  window.setTimeout(ask, POLL_MILLISECONDS);
}

async function showTableNow(table) {
  // The table as it is now, put in place of the one shown: the page keeps where it was scrolled to and the focus,
  // and the story's live region stays the same element, so that a screen reader says the turns that came in.
  let fresh = null;
  try {
    const response = await fetch(table.dataset.table, { cache: "no-store", credentials: "same-origin" });
    if (response.ok) {
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      fresh = page.querySelector(".play-table[data-poll]");
    }
  } catch (error) {
    fresh = null;
  }
  if (!fresh) {
    return; // asked again at the next change of version
  }
  const left = window.scrollX;
  const top = window.scrollY;
  const focused = document.activeElement && table.contains(document.activeElement) ? document.activeElement.id : "";
  const opened = Array.from(table.querySelectorAll("details[open]"), (details) => details.className);
  const lines = table.querySelector("[data-story-lines]");
  const freshLines = fresh.querySelector("[data-story-lines]");
  let told = null;
  if (lines && freshLines) {
    told = freshLines.innerHTML;
    freshLines.replaceWith(lines);
  }
  table.replaceChildren(...Array.from(fresh.childNodes));
  if (lines && told !== null) {
    lines.innerHTML = told;
  }
  Object.keys(table.dataset).forEach((key) => {
    if (!(key in fresh.dataset)) {
      delete table.dataset[key];
    }
  });
  Object.assign(table.dataset, fresh.dataset);
  table.querySelectorAll("details").forEach((details) => {
    if (opened.includes(details.className)) {
      details.open = true;
    }
  });
  setUpTable(table);
  window.scrollTo(left, top);
  const again = focused ? document.getElementById(focused) : null;
  if (again) {
    again.focus({ preventScroll: true });
  }
}

// The table loads pages.js before this script: its tokensOf splits the play written so far into cards and signs.
function setUpHandKeys(keyboard) {
  // A card of the hand, once written into the play as often as it is held, is used up.
  const field = document.getElementById(keyboard.dataset.target);
  const keys = Array.from(keyboard.querySelectorAll("button[data-card]"));
  if (!field) {
    return;
  }
  function markUsed() {
    const written = tokensOf(field.value);
    const seen = new Map();
    keys.forEach((key) => {
      const card = key.dataset.insert;
      const earlier = seen.get(card) || 0;
      seen.set(card, earlier + 1);
      const used = written.filter((token) => token === card).length > earlier;
      key.classList.toggle("used", used);
      key.setAttribute("aria-disabled", used ? "true" : "false");
    });
  }
  keyboard.addEventListener(
    "click",
    (event) => {
      const key = event.target.closest("button[data-card]");
      if (key && key.getAttribute("aria-disabled") === "true") {
        event.stopImmediatePropagation();
      }
    },
    true,
  );
  field.addEventListener("input", markUsed);
  markUsed();
}

function setUpTable(root) {
  // What the table's own parts need, when the page is shown and each time the table is shown anew.
  if (root !== document && typeof setUpKeyboard === "function") {
    root.querySelectorAll(".card-keyboard").forEach(setUpKeyboard); // pages.js did the first page's
  }
  const hand = root.querySelector("[data-hand-list]");
  const keyboard = root.querySelector(".hand-keyboard");
  if (hand && keyboard) {
    hand.hidden = true; // the keyboard shows the same cards, to tap
    setUpHandKeys(keyboard);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form[data-redraw]").forEach(setUpRedraw);
  document.querySelectorAll("button[data-copy]").forEach(setUpCopy);
  document.querySelectorAll(".play-table[data-poll]").forEach(setUpPolling);
  setUpTable(document);
  // After a move the page shows its verdict; the turn's line and the story of the turns that followed come first.
  const turnLine = document.querySelector(".play-table .turn-line");
  if (turnLine && document.querySelector(".play-table [data-story]") && document.getElementById("verdict")) {
    turnLine.scrollIntoView({ block: "start" });
  }
});
