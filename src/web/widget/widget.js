/*
 * LetLead website widget: <script src="{APP_URL}/widget.js" data-company="{slug}"
 * data-property="{slug, optional}" async></script>
 * A "Chat with us" button that opens the agency's assistant in a panel (full screen under 640 px).
 * No framework and no inline styles or markup: styles are set through the DOM, so a host page's
 * Content Security Policy needs to allow only this script and the frame (frame-src APP_URL).
 */
(() => {
  const script = document.currentScript;
  if (!script || window.__letleadWidget) return;
  const company = script.dataset.company;
  if (!company) return;
  window.__letleadWidget = true;
  const origin = new URL(script.src).origin;
  const property = script.dataset.property;
  const label = script.dataset.label || 'Chat with us';
  const path = `/chatbot/${encodeURIComponent(company)}${property ? `/${encodeURIComponent(property)}` : ''}`;
  const chatUrl = `${origin}${path}?src=website`;
  const accent = '#0f766e';
  const small = window.matchMedia('(max-width: 639px)');
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');

  const el = (tag, style, attrs) => {
    const node = document.createElement(tag);
    Object.assign(node.style, style);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    return node;
  };
  const font = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

  const launcher = el(
    'button',
    {
      position: 'fixed',
      right: '20px',
      bottom: '20px',
      zIndex: '2147483000',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '8px',
      padding: '12px 18px',
      border: '0',
      borderRadius: '999px',
      background: accent,
      color: '#fff',
      font: `600 16px/1.2 ${font}`,
      boxShadow: '0 6px 20px rgba(0,0,0,.25)',
      cursor: 'pointer',
    },
    {
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': 'false',
      'aria-controls': 'letlead-chat-panel',
    },
  );
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('width', '20');
  icon.setAttribute('height', '20');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  const bubble = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  bubble.setAttribute(
    'd',
    'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
  );
  bubble.setAttribute('fill', 'currentColor');
  icon.append(bubble);
  launcher.append(icon, document.createTextNode(label));

  const panel = el(
    'div',
    {
      position: 'fixed',
      zIndex: '2147483001',
      display: 'none',
      flexDirection: 'column',
      background: '#fff',
      overflow: 'hidden',
      boxShadow: '0 12px 40px rgba(0,0,0,.3)',
    },
    { id: 'letlead-chat-panel', role: 'dialog', 'aria-modal': 'true', 'aria-label': label },
  );
  const header = el('div', {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '8px 8px 8px 16px',
    background: accent,
    color: '#fff',
    font: `600 16px/1.2 ${font}`,
  });
  const title = el('span');
  title.textContent = label;
  const close = el(
    'button',
    {
      width: '44px',
      height: '44px',
      border: '0',
      borderRadius: '8px',
      background: 'transparent',
      color: '#fff',
      font: `400 28px/1 ${font}`,
      cursor: 'pointer',
    },
    { type: 'button', 'aria-label': 'Close chat' },
  );
  close.textContent = '×';
  header.append(title, close);
  // Focus that leaves the frame or the close button lands on a sentinel and is sent back in.
  const sentinel = () =>
    el('span', { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' }, { tabindex: '0' });
  const first = sentinel();
  const last = sentinel();
  let frame = null;
  panel.append(first, header, last);

  const layout = () => {
    const full = small.matches;
    Object.assign(panel.style, {
      inset: full ? '0' : 'auto',
      right: full ? '0' : '20px',
      bottom: full ? '0' : '20px',
      width: full ? '100%' : '400px',
      height: full ? '100%' : 'min(640px, calc(100vh - 40px))',
      borderRadius: full ? '0' : '16px',
    });
  };
  layout();
  small.addEventListener('change', layout);

  let isOpen = false;
  let lastFocus = null;
  const open = () => {
    if (isOpen) return;
    isOpen = true;
    lastFocus = document.activeElement;
    if (!frame) {
      frame = el(
        'iframe',
        { flex: '1', width: '100%', border: '0' },
        { src: chatUrl, title: `${label}: chat`, allow: 'clipboard-write' },
      );
      panel.insertBefore(frame, last);
    }
    panel.style.display = 'flex';
    panel.style.opacity = '1';
    if (!reduced.matches)
      panel.animate?.(
        [
          { opacity: 0, transform: 'translateY(12px)' },
          { opacity: 1, transform: 'none' },
        ],
        160,
      );
    launcher.setAttribute('aria-expanded', 'true');
    launcher.style.display = 'none';
    close.focus();
  };
  const shut = () => {
    if (!isOpen) return;
    isOpen = false;
    panel.style.display = 'none';
    launcher.style.display = 'inline-flex';
    launcher.setAttribute('aria-expanded', 'false');
    (lastFocus && lastFocus !== document.body ? lastFocus : launcher).focus();
  };

  launcher.addEventListener('click', open);
  close.addEventListener('click', shut);
  first.addEventListener('focus', () => (frame || close).focus());
  last.addEventListener('focus', () => close.focus());
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      shut();
    }
  });
  // The chat page, framed, says when Escape is pressed inside it.
  window.addEventListener('message', (event) => {
    if (event.origin === origin && event.data && event.data.type === 'letlead:close') shut();
  });

  const mount = () => document.body.append(panel, launcher);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
