// The demo page's only behaviour: a notice that arrives a few seconds after load (as from a
// live feed), so Glossa's handling of late content can be seen, a form that stays put, and a
// small rich editor (bold, italic, list) to try writing help in.
const LATE_DELAY_MS = 3000;

setTimeout(() => {
  const template = document.getElementById('late-notice');
  const updates = document.getElementById('updates');
  if (!template || !updates) return;
  updates.querySelector('.waiting')?.remove();
  updates.append(template.content.cloneNode(true));
  updates.dataset.loaded = 'true';
}, LATE_DELAY_MS);

document.querySelector('form.report')?.addEventListener('submit', (event) => {
  event.preventDefault();
  const sent = event.currentTarget.querySelector('.sent');
  if (sent) sent.hidden = false;
});

// The small editor's toolbar: the browser's own editing commands, as simple editors use them.
document.querySelectorAll('.editor-toolbar button').forEach((button) => {
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', () => {
    document.getElementById('write-notes')?.focus();
    document.execCommand(button.dataset.command);
  });
});
document.querySelector('form.write')?.addEventListener('submit', (event) => event.preventDefault());
