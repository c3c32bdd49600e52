// The scoresheet works without this script; it only makes it quicker to use:
// the − and + buttons count master strokes in place instead of sending the
// form, and the page asks every few seconds whether another phone changed
// the scoresheet, then shows it as it is now (unless a round is being entered here).
"use strict";

const SHEET_POLL_MILLISECONDS = 3000;

function setUpStepper(button) {
  const field = document.getElementById(button.dataset.target);
  if (!field) {
    return;
  }
  button.addEventListener("click", (event) => {
    event.preventDefault();
    const now = Number.parseInt(field.value, 10) || 0;
    const next = Math.min(Number(field.max) || 20, Math.max(0, now + Number(button.dataset.step)));
    field.value = String(next);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function entering(form) {
  if (!form) {
    return false;
  }
  const placed = Array.from(form.querySelectorAll("select")).some((select) => select.value !== "");
  const counted = Array.from(form.querySelectorAll('input[type="number"]')).some((field) => field.value !== "0");
  return placed || counted;
}

function setUpSheetPolling(status) {
  if (!status.dataset.poll || status.dataset.over === "true") {
    return;
  }
  const form = document.querySelector("form.companion-round");
  const changed = document.querySelector("[data-sheet-changed]");
  async function ask() {
    if (!document.hidden) {
      let answer = null;
      try {
        const response = await fetch(status.dataset.poll, { cache: "no-store", credentials: "same-origin" });
        answer = response.ok ? await response.json() : null;
      } catch (error) {
        answer = null; // the server is out of reach for now: ask again later
      }
      if (answer && String(answer.version) !== status.dataset.version) {
        if (entering(form) && changed) {
          changed.hidden = false;
        } else {
          window.location.replace(status.dataset.sheet);
          return;
        }
      }
    }
    window.setTimeout(ask, SHEET_POLL_MILLISECONDS);
  }
  window.setTimeout(ask, SHEET_POLL_MILLISECONDS);
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("button[data-step]").forEach(setUpStepper);
  document.querySelectorAll(".companion-status[data-poll]").forEach(setUpSheetPolling);
});
