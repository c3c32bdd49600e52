// The practice pages work without this script; it only makes them quicker to use:
// the pupil's cards and the operators write the calculation (each card once,
// a card after an operator), the session's score of an exercise chosen by its
// address is counted in this browser (sessionStorage: nothing is sent anywhere),
// an answer to practice that adapts says how many seconds it took (without it,
// the server counts them), and a fresh verdict is brought into view.
"use strict";

const SCORE_KEY = "nambarz-practice-score";

// A key writes a card's words held together by no-break spaces ("9 gallina"), so only plain spaces split tokens.
function tokensOf(text) {
  return text.trim() === "" ? [] : text.trim().split(/ +/);
}

function setUpHandKeyboard(keyboard) {
  const field = document.getElementById(keyboard.dataset.target);
  if (!field) {
    return;
  }
  const cardKeys = Array.from(keyboard.querySelectorAll(".card-key"));
  const operatorKeys = Array.from(keyboard.querySelectorAll(".key.operator"));
  const operators = new Set(operatorKeys.map((key) => key.dataset.insert));

  // A key that cannot be tapped now stays focusable (aria-disabled), so the focus never jumps away.
  function enable(key, enabled) {
    key.setAttribute("aria-disabled", enabled ? "false" : "true");
  }

  function sync() {
    const tokens = tokensOf(field.value);
    const used = new Map();
    tokens.forEach((token) => used.set(token, (used.get(token) || 0) + 1));
    const wantsCard = tokens.length === 0 || operators.has(tokens[tokens.length - 1]);
    cardKeys.forEach((key) => {
      const times = used.get(key.dataset.insert) || 0;
      key.classList.toggle("used", times > 0);
      if (times > 0) {
        used.set(key.dataset.insert, times - 1);
      }
      enable(key, times === 0 && wantsCard);
    });
    operatorKeys.forEach((key) => enable(key, !wantsCard));
  }

  keyboard.hidden = false;
  keyboard.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key || key.getAttribute("aria-disabled") === "true") {
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
    sync();
  });
  field.addEventListener("input", sync);
  sync();
}

function readScore() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(SCORE_KEY));
    if (stored && typeof stored.attempts === "object" && typeof stored.hints === "object") {
      return stored;
    }
  } catch (error) {
    // An unreadable score starts again from nothing.
  }
  return { attempts: {}, hints: {} };
}

function showScore(panel, score) {
  const attempts = Object.entries(score.attempts);
  const rightExercises = new Set(attempts.filter(([, right]) => right).map(([key]) => key.split("\n")[0]));
  const figures = {
    right: rightExercises.size,
    attempts: attempts.length,
    hints: Object.values(score.hints).reduce((sum, count) => sum + count, 0),
  };
  const format = new Intl.NumberFormat(document.documentElement.lang);
  panel.querySelectorAll("[data-score]").forEach((figure) => {
    figure.textContent = format.format(figures[figure.dataset.score]);
  });
}

// Each exercise's answers and hints are counted once, however often the page is reloaded.
function setUpScore(panel) {
  let score;
  try {
    score = readScore();
    const exercise = panel.dataset.exercise;
    const verdict = document.getElementById("verdict");
    if (verdict) {
      score.attempts[`${exercise}\n${verdict.dataset.answer}`] = verdict.dataset.correct === "true";
    }
    const hints = Number(document.querySelector("[data-hints]")?.dataset.hints || 0);
    score.hints[exercise] = Math.max(score.hints[exercise] || 0, hints);
    window.sessionStorage.setItem(SCORE_KEY, JSON.stringify(score));
  } catch (error) {
    return; // no storage (a private window may refuse it): the score is simply not shown
  }
  panel.hidden = false;
  showScore(panel, score);
  panel.querySelector('[data-action="reset-score"]').addEventListener("click", () => {
    window.sessionStorage.removeItem(SCORE_KEY);
    showScore(panel, readScore());
  });
}

// The seconds from the page showing the exercise to the answer leaving, as the pupil's device measures them.
function setUpTiming(form) {
  const shown = performance.now();
  form.addEventListener("submit", () => {
    const field = form.querySelector('input[name="seconds"]');
    if (field) {
      field.value = ((performance.now() - shown) / 1000).toFixed(1);
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".practice-keyboard").forEach(setUpHandKeyboard);
  document.querySelectorAll("form[data-timed]").forEach(setUpTiming);
  const panel = document.getElementById("score");
  if (panel) {
    setUpScore(panel);
  }
  const verdict = document.getElementById("verdict");
  if (verdict) {
    verdict.scrollIntoView({ block: "start" });
    verdict.focus({ preventScroll: true });
  }
});
