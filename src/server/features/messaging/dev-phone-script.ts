/** The development phone's script (served at /dev/phone.js: the page's CSP allows no inline script). */
export const DEV_PHONE_SCRIPT = `
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { channel: 'whatsapp', count: -1, busy: false };
  const params = new URLSearchParams(location.search);
  if (params.get('company')) $('company').value = params.get('company');
  if (params.get('phone')) $('phone').value = params.get('phone');
  if (params.get('channel') === 'sms') state.channel = 'sms';

  function query() {
    return 'company=' + encodeURIComponent($('company').value) + '&channel=' + state.channel +
      '&phone=' + encodeURIComponent($('phone').value);
  }
  function setChannel(channel) {
    state.channel = channel;
    state.count = -1;
    document.body.classList.toggle('sms', channel === 'sms');
    $('title').textContent = channel === 'sms' ? 'Messages (SMS)' : 'WhatsApp';
    for (const b of document.querySelectorAll('[data-channel]')) b.setAttribute('aria-pressed', String(b.dataset.channel === channel));
    load();
  }
  function time(iso) {
    return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  }
  async function load() {
    if (!$('company').value) { $('thread').innerHTML = '<p class="empty">Create a company first (sign up), then text it here.</p>'; return; }
    const response = await fetch('/dev/phone/thread?' + query());
    if (!response.ok) return;
    const data = await response.json();
    if (data.messages.length === state.count) return;
    state.count = data.messages.length;
    const thread = $('thread');
    thread.textContent = '';
    if (data.messages.length === 0) {
      const p = document.createElement('p');
      p.className = 'empty';
      p.textContent = 'Say hello to start a conversation with the agency\\'s assistant.';
      thread.append(p);
    }
    data.messages.forEach((m, index) => {
      // The tenant's phone: what the tenant sent is on the right.
      const div = document.createElement('div');
      div.className = 'msg ' + (m.direction === 'in' ? 'out' : 'in');
      div.textContent = m.body;
      const t = document.createElement('span');
      t.className = 'time';
      t.textContent = time(m.at) + (m.direction === 'in' ? ' ✓✓' : '');
      div.append(t);
      const isLast = index === data.messages.length - 1;
      if (m.buttons.length > 0 && isLast) {
        const choices = document.createElement('div');
        choices.className = 'choices';
        for (const option of m.buttons) {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = option;
          b.addEventListener('click', () => send(option, option));
          choices.append(b);
        }
        div.append(choices);
      }
      thread.append(div);
    });
    thread.scrollTop = thread.scrollHeight;
  }
  async function send(text, optionId) {
    if (state.busy || !text.trim()) return;
    state.busy = true;
    $('error').textContent = '';
    try {
      const response = await fetch('/dev/phone/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ company: $('company').value, channel: state.channel, phone: $('phone').value, text, optionId: optionId || null }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        $('error').textContent = body.message || 'The message could not be sent.';
      }
    } finally {
      state.busy = false;
      await load();
    }
  }
  $('compose').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('text').value;
    $('text').value = '';
    send(text, null);
  });
  for (const b of document.querySelectorAll('[data-channel]')) b.addEventListener('click', () => setChannel(b.dataset.channel));
  $('company').addEventListener('change', () => { state.count = -1; load(); });
  $('phone').addEventListener('change', () => { state.count = -1; load(); });
  setChannel(state.channel);
  setInterval(load, 1500);
})();
`;
