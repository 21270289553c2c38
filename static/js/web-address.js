// The new tournament's web address, previewed as the name is typed (the server makes the real one
// when the form is saved, adding -2, -3 … if another tournament has it).
(function () {
  function slugify(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9_\s-]/g, "").trim().replace(/[\s-]+/g, "-").replace(/^[-_]+|[-_]+$/g, "");
  }
  document.addEventListener("DOMContentLoaded", function () {
    var preview = document.querySelector("[data-address-preview]");
    if (!preview) return;
    var name = document.getElementById(preview.dataset.name);
    var typed = document.getElementById(preview.dataset.typed);
    function show() {
      var slug = slugify((typed && typed.value) || "") || slugify(name ? name.value : "");
      preview.textContent = preview.dataset.base + (slug || "…") + "/";
    }
    [name, typed].forEach(function (input) { if (input) input.addEventListener("input", show); });
    show();
  });
})();
