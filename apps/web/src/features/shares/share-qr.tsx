import { Download } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { qrFileName } from './share-links';

/** Spec §9: 160 px on narrow screens, 200 px otherwise, error correction H. */
const QR_SIZE_NARROW = 160;
const QR_SIZE = 200;
/** The downloaded PNG is larger than the on-screen code, so it prints sharply. */
const QR_DOWNLOAD_SIZE = 1024;

function useNarrowScreen(): boolean {
  const query = '(max-width: 639px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const update = () => setNarrow(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return narrow;
}

export function ShareQrCode({ url, title }: { url: string; title: string }) {
  const narrow = useNarrowScreen();
  const size = narrow ? QR_SIZE_NARROW : QR_SIZE;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'H', margin: 2, width: size * 2 }).then((data) => {
      if (live) setSrc(data);
    });
    return () => {
      live = false;
    };
  }, [url, size]);

  async function download() {
    const data = await QRCode.toDataURL(url, {
      errorCorrectionLevel: 'H',
      margin: 4,
      width: QR_DOWNLOAD_SIZE,
    });
    const link = document.createElement('a');
    link.href = data;
    link.download = qrFileName(title);
    link.click();
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div
        className="rounded-xl border bg-white p-2 shadow-sm"
        style={{ width: size + 18, height: size + 18 }}
      >
        {src && (
          <img src={src} width={size} height={size} alt={`QR code for ${url}`} data-testid="share-qr" />
        )}
      </div>
      <Button variant="outline" size="sm" onClick={() => void download()}>
        <Download aria-hidden /> Download QR Code
      </Button>
    </div>
  );
}
