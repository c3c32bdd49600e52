// Nmbrs! at the table: lay cards by tapping them in the hand, then their places on the grid.
// The form works without this script: the server pairs the cards and the places chosen in the order the page
// lists them.  The script keeps the order of the taps instead (the first card tapped goes to the first place
// tapped), draws each card in its place, says what will be laid, and writes the lay into the form's hidden field.
"use strict";

function setUpLay(form) {
  const words = form.querySelector("[data-lay-words]").dataset;
  const action = form.querySelector("[data-lay-action]");
  const plan = form.querySelector("[data-lay-plan]");
  const cards = []; // the hand's checkboxes, in the order tapped
  const places = []; // the grid's checkboxes (empty places, or a joker to replace), in the order tapped

  function label(input) {
    return input.closest("label");
  }

  function notation() {
    if (cards.length === 0 || cards.length !== places.length) {
      return "";
    }
    if (places.some((input) => input.name === "joker")) {
      // A joker is replaced on its own; the server says so if more was chosen.
      return places.length === 1 ? `swap ${cards[0].value}@${places[0].value}` : "";
    }
    return "lay " + cards.map((card, index) => `${card.value}@${places[index].value}`).join(" ");
  }

  function sentence() {
    if (cards.length === 0 && places.length === 0) {
      return words.start;
    }
    if (cards.length > places.length) {
      return words.needPlace.replace("{card}", cards[places.length].dataset.cardName);
    }
    if (places.length > cards.length) {
      return words.needCard.replace("{place}", places[cards.length].dataset.placeName);
    }
    const pairs = cards.map((card, index) =>
      words.pair.replace("{card}", card.dataset.cardName).replace("{place}", places[index].dataset.placeName),
    );
    return words.ready.replace("{plan}", pairs.join("; "));
  }

  function show() {
    form.querySelectorAll("label[data-order]").forEach((chosen) => {
      delete chosen.dataset.order;
      chosen.classList.remove("planned");
      const mark = chosen.querySelector(".place-mark");
      if (mark) {
        mark.replaceChildren();
      }
    });
    cards.forEach((card, index) => {
      label(card).dataset.order = String(index + 1);
    });
    places.forEach((place, index) => {
      const chosen = label(place);
      chosen.dataset.order = String(index + 1);
      const mark = chosen.querySelector(".place-mark");
      const card = cards[index];
      if (mark && card) {
        const drawing = label(card).querySelector("svg");
        if (drawing) {
          mark.replaceChildren(drawing.cloneNode(true));
          chosen.classList.add("planned");
        }
      }
    });
    plan.textContent = sentence();
    plan.classList.remove("missing");
    action.value = notation();
  }

  function toggle(list, input) {
    const index = list.indexOf(input);
    if (input.checked && index < 0) {
      list.push(input);
    } else if (!input.checked && index >= 0) {
      list.splice(index, 1);
    }
  }

  function uncheck(input) {
    input.checked = false;
    toggle(places, input);
  }

  form.addEventListener("change", (event) => {
    const input = event.target;
    if (input.name === "card") {
      toggle(cards, input);
    } else if (input.name === "place" || input.name === "joker") {
      if (input.checked) {
        // A joker is replaced on its own: choosing it lets go of the places chosen, and a place lets go of it.
        places.filter((other) => other.name !== input.name).forEach(uncheck);
      }
      toggle(places, input);
    } else {
      return;
    }
    show();
  });
  form.addEventListener("submit", (event) => {
    // Until each card has its place there is nothing to lay: say what is missing instead of sending the form.
    if (action.value === "") {
      event.preventDefault();
      show();
      plan.classList.add("missing");
      plan.scrollIntoView({ block: "nearest" });
    }
  });
  form.addEventListener("reset", () => {
    cards.length = 0;
    places.length = 0;
    // The fields are cleared after this event: show the empty plan once they are.
    window.setTimeout(show);
  });
  // A page brought back from the history may keep its ticks: take them in the page's order.
  form.querySelectorAll('input[name="card"]:checked').forEach((input) => cards.push(input));
  form.querySelectorAll('input[name="place"]:checked, input[name="joker"]:checked').forEach((input) => places.push(input));
  show();
}

document.querySelectorAll("form.nmbrs-lay").forEach(setUpLay);
