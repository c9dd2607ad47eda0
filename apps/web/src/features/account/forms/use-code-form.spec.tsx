import { TotpCodeSchema } from '@memoreel/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCodeForm } from './use-code-form';

function CodeForm({ send, clearRefused }: { send: (code: string) => Promise<void>; clearRefused?: boolean }) {
  const { fieldError, serverError, loading, onSubmit } = useCodeForm({
    check: (code) => TotpCodeSchema.safeParse(code),
    send,
    clearRefused,
  });
  return (
    <form onSubmit={onSubmit}>
      <input name="code" aria-label="Code" />
      {fieldError && <p>field: {fieldError}</p>}
      {serverError && <p>server: {serverError}</p>}
      <button type="submit" disabled={loading}>
        Verify
      </button>
    </form>
  );
}

const submit = (code: string) => {
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('useCodeForm', () => {
  it('says what is wrong with the code, keeps focus on it and sends nothing', () => {
    const send = vi.fn();
    render(<CodeForm send={send} />);
    submit('12ab');
    expect(screen.getByText('field: Enter the six-digit code from your authenticator app')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the code as its check reads it', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    render(<CodeForm send={send} />);
    submit('123 456');
    await waitFor(() => expect(send).toHaveBeenCalledExactlyOnceWith('123456'));
    expect(screen.queryByText(/^field:/)).toBeNull();
  });

  it("says the server's refusal, and empties the field when asked to", async () => {
    render(<CodeForm send={() => Promise.reject(new Error('Invalid code'))} clearRefused />);
    submit('123456');
    expect(await screen.findByText('server: Invalid code')).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
  });
});
