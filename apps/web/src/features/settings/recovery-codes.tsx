import { mfaMessages } from '@memoreel/contracts';
import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';

const text = mfaMessages.settings;

/** The recovery codes, shown this once: copy them, download them, then confirm they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const asText = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText);
      toast.success(text.codesCopied);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'memoreel-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="recovery-codes-title" className="font-medium">
          {text.recoveryTitle}
        </h3>
        <p className="text-muted-foreground text-sm">{text.recoveryDescription}</p>
      </div>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-1.5 rounded-lg border bg-muted/40 p-3 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="grid gap-2 sm:grid-cols-3">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {text.copyCodes}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {text.downloadCodes}
        </Button>
        <Button type="button" onClick={onDone}>
          {text.savedCodes}
        </Button>
      </div>
    </section>
  );
}
