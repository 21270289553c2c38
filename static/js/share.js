// A share/copy button next to a link people pass on (templates/_share_link.html). The button is
// hidden until this script finds a way to share (the phone's share sheet) or to copy the link.
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-share]").forEach(function (button) {
      if (!navigator.share && !(navigator.clipboard && navigator.clipboard.writeText)) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var link = button.dataset.share;
        if (navigator.share) {
          navigator.share({ url: link, title: button.dataset.shareTitle || document.title }).catch(function () {});
          return;
        }
        navigator.clipboard.writeText(link).then(function () {
          button.textContent = button.dataset.copied;
        });
      });
    });
  });
})();
