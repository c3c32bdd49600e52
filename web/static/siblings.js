// The check pages of The Game, Quando and Nmbrs! work without this script; it only makes them
// quicker to use on a phone: the number pads write cards into their text fields and The Game's
// placements into its rows (a card, then its pile), and choosing to knock in Quando sets the
// numbers played aside.
"use strict";

const WHOLE_NUMBER = /^[0-9]+$/;

function tokensOf(text) {
  return text.trim() === "" ? [] : text.trim().split(/[\s,]+/);
}

// A pad's keys: a digit extends the number being written or starts a new one; a token key
// (a Quando card, a joker) adds a whole card; a pile key turns the number just written into a
// placement such as 37>asc1; "next" ends the number; undo takes back the last card.
function setUpPad(pad) {
  if (pad.dataset.rows !== undefined) {
    setUpRowsPad(pad);
    return;
  }
  const field = document.getElementById(pad.dataset.target);
  if (!field) {
    return;
  }
  const status = pad.querySelector(".pad-status");
  pad.hidden = false;
  pad.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key) {
      return;
    }
    const tokens = tokensOf(field.value);
    const last = tokens[tokens.length - 1];
    const lastIsNumber = last !== undefined && WHOLE_NUMBER.test(last);
    const writing = lastIsNumber && !/[\s,]$/.test(field.value);
    let complete = true;
    status.textContent = "";
    if (key.dataset.digit) {
      if (writing) {
        tokens[tokens.length - 1] = last + key.dataset.digit;
      } else {
        tokens.push(key.dataset.digit);
      }
      complete = false;
    } else if (key.dataset.token) {
      tokens.push(key.dataset.token);
    } else if (key.dataset.pile) {
      if (!lastIsNumber) {
        status.textContent = pad.dataset.needsNumber;
        return;
      }
      tokens[tokens.length - 1] = `${last}>${key.dataset.pile}`;
    } else if (key.dataset.action === "undo") {
      tokens.pop();
    } else if (key.dataset.action === "clear") {
      tokens.length = 0;
    }
    field.value = tokens.join(" ") + (complete && tokens.length > 0 ? " " : "");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

// The Game: each placement is a row, the card's number and the pile chosen from a list. The pad
// writes the digits into the first row without a pile; a pile key chooses that row's pile, and a
// row is added when the last one is filled; undo empties the last row written, clear every row.
function setUpRowsPad(pad) {
  const fieldset = pad.previousElementSibling;
  if (!fieldset || !fieldset.querySelector(".placement-row")) {
    return;
  }
  const status = pad.querySelector(".pad-status");
  const rows = () => Array.from(fieldset.querySelectorAll(".placement-row"));
  const cardOf = (row) => row.querySelector("input");
  const pileOf = (row) => row.querySelector("select");
  const written = (row) => cardOf(row).value !== "" || pileOf(row).value !== "";
  const current = () => rows().find((row) => pileOf(row).value === "") || addRow();
  const addRow = () => {
    const last = rows()[rows().length - 1];
    const row = last.cloneNode(true);
    const number = rows().length + 1;
    row.querySelectorAll("[id]").forEach((element) => {
      element.id = element.id.replace(/[0-9]+$/, String(number));
    });
    row.querySelectorAll("label").forEach((label) => {
      label.htmlFor = label.htmlFor.replace(/[0-9]+$/, String(number));
      label.textContent = label.textContent.replace(/[0-9]+/, String(number));
    });
    cardOf(row).value = "";
    pileOf(row).value = "";
    last.after(row);
    return row;
  };
  pad.hidden = false;
  pad.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key) {
      return;
    }
    status.textContent = "";
    const row = current();
    if (key.dataset.digit) {
      cardOf(row).value += key.dataset.digit;
    } else if (key.dataset.pile) {
      if (!WHOLE_NUMBER.test(cardOf(row).value.trim())) {
        status.textContent = pad.dataset.needsNumber;
        return;
      }
      pileOf(row).value = key.dataset.pile;
    } else if (key.dataset.action === "undo") {
      const last = rows().filter(written).pop();
      if (last) {
        cardOf(last).value = "";
        pileOf(last).value = "";
      }
    } else if (key.dataset.action === "clear") {
      rows().forEach((each) => {
        cardOf(each).value = "";
        pileOf(each).value = "";
      });
    }
  });
}

// Quando: a knock lays no cards, so the numbers played (and their pad) are set aside while
// "knock" is chosen; a disabled field is not sent with the form.
function setUpKnockChoice(form) {
  const play = form.querySelector("#play");
  const pad = form.querySelector('.number-pad[data-target="play"]');
  const update = () => {
    const chosen = form.querySelector('input[name="knock"]:checked');
    const knocking = chosen !== null && chosen.value === "true";
    play.disabled = knocking;
    if (pad) {
      pad.hidden = knocking;
    }
  };
  form.querySelectorAll('input[name="knock"]').forEach((radio) => radio.addEventListener("change", update));
  update();
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".number-pad").forEach(setUpPad);
  document.querySelectorAll("form[data-knock-choice]").forEach(setUpKnockChoice);
});
