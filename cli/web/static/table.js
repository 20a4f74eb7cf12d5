// rulecraft serve: a table in the browser. The server sends HTML it built (escaped) from this seat's view;
// this script only puts it in place and sends what the person picks: an option's number, undo, ready
// (hot seat), a replay step, and "why" for a board element clicked that answers nothing (the server says
// why, from this seat's view). An option the server warns about (legal, but likely pointless) is sent
// only once the person confirms it. No build step: this file is served as it is.
"use strict";
(() => {
  const token = new URLSearchParams(location.hash.slice(1)).get("k") || "";
  const $ = (id) => document.getElementById(id);
  let socket = null, state = null, picks = [], typed = "", replay = null, retry = 500;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}${location.pathname}/ws`);
    socket.onopen = () => { retry = 500; send({type: "join", token}); };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 3000); };
  }

  function receive(message) {
    if (message.type === "error") { $("error").textContent = message.message; return; }
    $("error").textContent = "";
    if (message.type === "privacy") {
      state = null;
      $("table").hidden = true; $("end").innerHTML = "";
      $("privacy").innerHTML = message.screen; $("privacy").hidden = false;
      document.body.dataset.view = "privacy";
      $("privacy").querySelector("button.ready").focus();
      return;
    }
    if (message.type === "replay") { showReplay(message); return; }
    $("privacy").hidden = true; $("privacy").innerHTML = ""; $("table").hidden = false;
    state = message; picks = []; typed = "";
    document.body.dataset.view = message.asked ? "asked" : message.end ? "end" : "waiting";
    $("whoami").textContent = message.seat === null ? "watching" : `you are ${message.name}`;
    $("board").innerHTML = message.board;
    $("panel").innerHTML = message.panel;
    $("log").innerHTML = message.log;
    $("end").innerHTML = message.end || "";
    const log = $("log").querySelector("ol");
    if (log) log.scrollTop = log.scrollHeight;
    markTargets();
    const first = $("panel").querySelector("button.option");
    if (first) first.focus();
  }

  function markTargets() {
    for (const element of $("board").querySelectorAll("[data-target]")) {
      const answers = optionsFor(element.dataset.target);
      element.classList.toggle("target", answers.length > 0);
      element.tabIndex = answers.length > 0 ? 0 : -1;
    }
  }

  function optionsFor(target) {
    if (!state || !state.asked) return [];
    return state.targets.map((t, i) => t === target ? i : -1).filter((i) => i >= 0);
  }

  function choose(index, confirmed) {
    if (!state || !state.asked) return;
    const warning = (state.warnings || [])[index];
    if (warning && !confirmed) { askToConfirm(index, warning); return; }
    closeConfirm();
    if (state.pick <= 1) { send({type: "answer", picks: [index]}); return; }
    picks.push(index);
    const button = $("panel").querySelector(`button.option[data-option="${index}"]`);
    if (button) button.classList.add("picked");
    const go = $("panel").querySelector("button.send");
    if (go) go.disabled = picks.length !== state.pick;
    $("error").textContent = `Picked ${picks.length} of ${state.pick}.`;
  }

  // A warned option: its warning, then "choose it anyway" or "choose again" (the default, focused).
  function askToConfirm(index, warning) {
    closeConfirm();
    const box = document.createElement("div");
    box.className = "confirm";
    box.setAttribute("role", "alertdialog");
    box.dataset.option = String(index);
    const text = document.createElement("p");
    text.textContent = `⚠ ${warning}. Choose it anyway?`;
    const yes = document.createElement("button");
    yes.type = "button"; yes.className = "confirm-yes"; yes.textContent = "Choose it anyway (y)";
    const no = document.createElement("button");
    no.type = "button"; no.className = "confirm-no"; no.textContent = "Choose again (n)";
    box.append(text, yes, " ", no);
    const option = $("panel").querySelector(`button.option[data-option="${index}"]`);
    const item = option && option.closest("li");
    if (item) item.append(box); else $("panel").append(box);      // under the option it asks about
    $("error").textContent = "";
    no.focus();
  }

  function closeConfirm() {
    const box = $("panel").querySelector(".confirm");
    if (!box) return null;
    const index = Number(box.dataset.option);
    box.remove();
    return index;
  }

  function refuseChoice() {
    const index = closeConfirm();
    const button = $("panel").querySelector(`button.option[data-option="${index}"]`);
    if (button) button.focus();
  }

  function clickTarget(target, element) {
    const answers = optionsFor(target);
    if (answers.length === 1) { choose(answers[0]); return; }
    if (answers.length === 0) {
      if (!state || !state.asked) { $("error").textContent = "It is not your turn."; return; }
      const heading = element && element.querySelector("h4");
      const label = ((element && element.getAttribute("title")) || (heading && heading.textContent) ||
        (element && element.textContent) || "").trim().slice(0, 80);
      send({type: "why", target, label});        // the server says why, in words
      return;
    }
    for (const button of $("panel").querySelectorAll("button.option")) {
      button.classList.toggle("highlight", answers.includes(Number(button.dataset.option)));
    }
    $("error").textContent = "Several choices there: pick one in the list.";
  }

  function showReplay(message) {
    replay = message;
    $("replay").hidden = false;
    $("replay-board").innerHTML = message.board;
    $("replay-log").innerHTML = message.log;
    $("replay-step").textContent = ` step ${message.step + 1} of ${message.steps} `;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) {
      if (button.classList.contains("option")) choose(Number(button.dataset.option));
      else if (button.classList.contains("confirm-yes")) {
        choose(Number(button.closest(".confirm").dataset.option), true);
      } else if (button.classList.contains("confirm-no")) refuseChoice();
      else if (button.classList.contains("send")) { send({type: "answer", picks}); picks = []; }
      else if (button.classList.contains("undo")) send({type: "undo"});
      else if (button.classList.contains("ready")) send({type: "ready"});
      else if (button.classList.contains("replay-start")) send({type: "replay", step: 0});
      else if (button.classList.contains("replay-next") && replay) send({type: "replay", step: replay.step + 1});
      else if (button.classList.contains("replay-back") && replay)
        send({type: "replay", step: Math.max(0, replay.step - 1)});
      return;
    }
    const target = event.target.closest("#board [data-target]");
    if (target) clickTarget(target.dataset.target, target);
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    const focused = event.target.closest && event.target.closest("#board [data-target]");
    if (focused && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault(); clickTarget(focused.dataset.target, focused); return;
    }
    const confirm = $("panel").querySelector(".confirm");     // a warned option asks: y or n (Escape)
    if (confirm && ["y", "n", "Escape"].includes(event.key)) {
      event.preventDefault();
      if (event.key === "y") choose(Number(confirm.dataset.option), true); else refuseChoice();
      return;
    }
    if (event.key === "u") { send({type: "undo"}); return; }
    if (!state || !state.asked) return;
    const count = $("panel").querySelectorAll("button.option").length;
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      typed += event.key;
      const number = Number(typed);
      if (count < 10 || number * 10 > count) { typed = ""; if (number >= 1 && number <= count) choose(number - 1); }
    } else if (event.key === "Enter" && typed) {
      event.preventDefault();        // the typed number answers; the focused button must not answer too
      const number = Number(typed); typed = "";
      if (number >= 1 && number <= count) choose(number - 1);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const buttons = [...$("panel").querySelectorAll("button.option")];
      const at = buttons.indexOf(document.activeElement);
      const next = buttons[(at + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length];
      if (next) { event.preventDefault(); next.focus(); }
    }
  });

  connect();
})();
