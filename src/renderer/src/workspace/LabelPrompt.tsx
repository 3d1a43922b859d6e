import { useEffect, useMemo, useRef, useState } from 'react';

/** What the prompt asks for. */
export interface PromptRequest {
  title: string;
  initial: string;
  /** Completion candidates (empty: a plain text field). */
  options: readonly string[];
  /** Where the caret goes in the initial text (default: all selected). */
  caret?: number;
  hint?: string;
  onSubmit(value: string): void;
}

interface Props {
  request: PromptRequest;
  onClose(): void;
}

/**
 * A one-line input for a label or a word, with completion from the project's label set: ↑/↓ pick a
 * suggestion, Tab completes, Enter accepts, Esc cancels. Focus returns to the workspace on close.
 */
export function LabelPrompt({ request, onClose }: Props) {
  const [value, setValue] = useState(request.initial);
  const [pick, setPick] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current!;
    el.focus();
    if (request.caret !== undefined) el.setSelectionRange(request.caret, request.caret);
    else el.select();
  }, [request]);

  const matches = useMemo(() => {
    if (request.options.length === 0) return [];
    const v = value.toLowerCase();
    const starts = request.options.filter((o) => o.toLowerCase().startsWith(v));
    const contains = request.options.filter(
      (o) => !o.toLowerCase().startsWith(v) && o.toLowerCase().includes(v),
    );
    return [...starts, ...contains].slice(0, 8);
  }, [request.options, value]);

  const submit = (v: string): void => {
    onClose();
    request.onSubmit(v);
  };

  return (
    <div className="prompt" role="dialog" aria-label={request.title}>
      <label className="prompt-title" htmlFor="sieve-prompt">
        {request.title}
      </label>
      <input
        id="sieve-prompt"
        ref={input}
        className="prompt-input mono"
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setValue(e.target.value);
          setPick(-1);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          } else if (e.key === 'Enter') {
            e.preventDefault();
            submit(pick >= 0 && matches[pick] ? matches[pick] : value.trim());
          } else if (e.key === 'Tab' && matches.length > 0) {
            e.preventDefault();
            setValue(matches[Math.max(0, pick)]!);
            setPick(-1);
          } else if (e.key === 'ArrowDown' && matches.length > 0) {
            e.preventDefault();
            setPick((p) => (p + 1) % matches.length);
          } else if (e.key === 'ArrowUp' && matches.length > 0) {
            e.preventDefault();
            setPick((p) => (p <= 0 ? matches.length - 1 : p - 1));
          }
        }}
        onBlur={onClose}
      />
      {request.hint && <div className="prompt-hint muted">{request.hint}</div>}
      {matches.length > 0 && (
        <ul className="prompt-options" role="listbox">
          {matches.map((m, i) => (
            <li
              key={m}
              role="option"
              aria-selected={i === pick}
              className={i === pick ? 'picked' : undefined}
              onPointerDown={(e) => {
                e.preventDefault();
                submit(m);
              }}
            >
              {m}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
