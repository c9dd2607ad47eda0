// The cards' typefaces (libs/domain CARD_FONTS), shipped as files with the product (OFL, @fontsource):
// the SPA's preview and the render page load these same files, so their letters agree.
import '@fontsource/lora/600.css';
import '@fontsource/inter/600.css';
import '@fontsource/great-vibes/400.css';
// Captions in any script: Arabic (right to left) after the chosen face. Emoji come from the system's
// Noto Color Emoji (Debian fonts-noto-color-emoji, installed with Chromium on every render machine):
// the web font's colour glyphs draw nothing in Debian's Chromium, in the page or on a canvas.
import '@fontsource/noto-naskh-arabic/arabic-400.css';
import '@fontsource/noto-naskh-arabic/arabic-600.css';
