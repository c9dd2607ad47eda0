// The cards' typefaces (libs/domain CARD_FONTS), shipped as files with the product (OFL, @fontsource):
// the SPA's preview and the render page load these same files, so their letters agree.
import '@fontsource/lora/600.css';
import '@fontsource/inter/600.css';
import '@fontsource/great-vibes/400.css';
