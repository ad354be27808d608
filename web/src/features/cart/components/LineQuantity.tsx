import { useState, type KeyboardEvent } from 'react';
import type { CartLine } from '@contract/checkout';

interface LineQuantityProps {
  line: CartLine;
  /** Sets the line's quantity; answers why not, in the order form's words, when it cannot. */
  change: (quantity: number) => Promise<string | undefined>;
}

/**
 * A line's quantity, between the part's minimum order and its stock. It is sent when the field is
 * left or Enter is pressed; a refusal shows under it. (Drawn again, keyed by the quantity, once the
 * cart answers with a new one.)
 */
export function LineQuantity({ line, change }: LineQuantityProps) {
  const [draft, setDraft] = useState(String(line.quantity));
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const id = `quantity-${line.productId}`;

  const send = async () => {
    const quantity = draft.trim() === '' ? Number.NaN : Number(draft);
    if (quantity === line.quantity || sending) {
      setError(undefined);
      return;
    }
    setSending(true);
    setError(await change(quantity));
    setSending(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void send();
  };

  return (
    <div className="cart-quantity">
      <label className="visually-hidden" htmlFor={id}>
        Quantity of {line.name}
      </label>
      <input
        id={id}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        type="number"
        inputMode="numeric"
        min={line.minimumOderQantity}
        max={line.availableQantity}
        step={1}
        value={draft}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        readOnly={sending}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void send()}
        onKeyDown={onKeyDown}
      />
      <div className="invalid-feedback" id={`${id}-error`}>
        {error}
      </div>
    </div>
  );
}
