// happy-dom has no FontFaceSet: the cards' typeface gate (card-layer.tsx) asks `document.fonts` to
// load each face, so the composition tests get one that says every face has loaded. Real loading
// (and a render failing without its font) is checked in Chromium by the render worker's specs.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      load: async (font: string) => {
        const family = /"([^"]+)"/.exec(font)?.[1] ?? '';
        return [{ family, status: 'loaded' }];
      },
      check: () => true,
    },
  });
}
