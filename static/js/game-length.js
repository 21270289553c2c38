// A new tournament's game length follows the game chosen (club 4-deck 1 h 45, RULES D3) until the
// organizer types a length; the server does the same when this script does not run.
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    var variant = document.querySelector("select[data-time-limits]");
    var follows = document.querySelector("input[name=time_limit_follows_game]");
    var hours = document.querySelector("input[name=game_time_limit_hours]");
    var minutes = document.querySelector("input[name=game_time_limit_minutes]");
    if (!variant || !follows || !hours || !minutes) return;
    var limits = JSON.parse(variant.dataset.timeLimits);
    function follow() {
      if (follows.value === "0" || !(variant.value in limits)) return;
      var total = limits[variant.value];
      hours.value = Math.floor(total / 60);
      minutes.value = total % 60;
    }
    [hours, minutes].forEach(function (box) {
      box.addEventListener("input", function () { follows.value = "0"; });
    });
    variant.addEventListener("change", follow);
    follow();
  });
})();
