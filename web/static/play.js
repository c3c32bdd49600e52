// The game pages work without this script; it only makes them quicker to use:
// the start form redraws itself when the game or the number of players changes,
// the seats' links copy with one tap, and the table asks every two seconds
// whether someone has played (or, once the game is over, started the next one),
// then shows the table as it is now.
"use strict";

const POLL_MILLISECONDS = 2000;

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
  const awaitsNext = table.dataset.awaitsNext === "true";
  if (table.dataset.over === "true" && !awaitsNext) {
    return;
  }
  const version = table.dataset.version;
  const changed = table.querySelector("[data-changed]");
  async function ask() {
    if (!document.hidden) {
      let answer = null;
      try {
        const response = await fetch(table.dataset.poll, { cache: "no-store", credentials: "same-origin" });
        answer = response.ok ? await response.json() : null;
      } catch (error) {
        answer = null; // the server is out of reach for now: ask again later
      }
      if (answer && (String(answer.version) !== version || (awaitsNext && answer.next_game))) {
        if (composing(table) && changed) {
          changed.hidden = false;
        } else {
          window.location.replace(table.dataset.table);
          return;
        }
      }
    }
    window.setTimeout(ask, POLL_MILLISECONDS);
  }
  window.setTimeout(ask, POLL_MILLISECONDS);
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

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form[data-redraw]").forEach(setUpRedraw);
  document.querySelectorAll("button[data-copy]").forEach(setUpCopy);
  document.querySelectorAll(".play-table[data-poll]").forEach(setUpPolling);
  const hand = document.querySelector("[data-hand-list]");
  const keyboard = document.querySelector(".hand-keyboard");
  if (hand && keyboard) {
    hand.hidden = true; // the keyboard shows the same cards, to tap
    setUpHandKeys(keyboard);
  }
});
