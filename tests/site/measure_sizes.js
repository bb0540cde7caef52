// What a phone shows too small (tests/site/test_site_phone_inputs_pictures_and_targets.py): texts under 12 CSS px (an SVG text at the size it is drawn) and targets under 24x24 CSS px.
(() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el); return s.visibility !== "hidden" && s.display !== "none"; };
  const small = [];
  // HTML text: every element with a direct non-blank text node
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || !visible(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const fs = parseFloat(getComputedStyle(el).fontSize);
    if (fs < 12) small.push(`${el.tagName.toLowerCase()}.${el.className}: ${fs}px "${el.textContent.trim().slice(0, 30)}"`);
  }
  for (const el of document.querySelectorAll("svg text")) {
    if (!visible(el) || !el.textContent.trim()) continue;
    const m = el.getScreenCTM(); const scale = Math.hypot(m.a, m.b);
    const px = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (px < 12 - 0.01) small.push(`svg text: ${px.toFixed(1)}px "${el.textContent.trim().slice(0, 30)}"`);
  }
  const targets = [];
  for (const el of document.querySelectorAll("a[href],button,input,select,summary,textarea,[role=button],[tabindex]:not([tabindex='-1'])")) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 24 - 0.5 || r.width < 24 - 0.5) targets.push(`${el.tagName.toLowerCase()}.${el.className} ${r.width.toFixed(0)}x${r.height.toFixed(0)} "${(el.textContent || el.value || "").trim().slice(0, 20)}"`);
  }
  return { small, targets };
})()
