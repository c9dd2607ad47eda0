/** Where each social button sends the link (spec step 8: Facebook, X, WhatsApp, e-mail). */
export function socialLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: 'E-mail', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}` },
  ] as const;
}

/** The QR download's file name: the title plus a timestamp, safe on every OS. */
export function qrFileName(title: string, now = new Date()): string {
  const base = title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'video';
  return `${base}-qr-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.png`;
}
