// The clubhouse TV (templates/live/tv.html): its panels take turns every data-rotate-seconds.
// Which panel shows is an attribute of the frame, which htmx never replaces, so a fresh set of
// panels arriving by polling keeps the turn (the CSS shows the panel the frame names).
(function () {
  var index = 0;

  function show(frame) {
    var panels = frame.querySelectorAll(".tv-panel");
    if (!panels.length) return;
    index = index % panels.length;
    frame.dataset.panel = panels[index].dataset.panel;
    var dots = frame.querySelector(".tv-dots");
    if (!dots) return;
    dots.textContent = "";
    panels.forEach(function (panel, i) {
      var dot = document.createElement("li");
      dot.textContent = panel.getAttribute("aria-label");
      if (i === index) dot.className = "on";
      dots.appendChild(dot);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var frame = document.getElementById("tv");
    if (!frame) return;
    var seconds = parseInt(frame.dataset.rotateSeconds, 10) || 20;
    frame.classList.add("tv-rotating");
    show(frame);
    setInterval(function () { index += 1; show(frame); }, seconds * 1000);
    // New panels may be fewer or more (a table event's round ends): name one that exists.
    document.body.addEventListener("htmx:afterSettle", function () { show(frame); });
  });
})();
