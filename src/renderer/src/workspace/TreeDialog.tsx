import { useEffect, useRef, useState } from 'react';
import './workspace.css';

/**
 * What the tree dialog asks: a new tree's name, root label and whether it is typed; to confirm a
 * deletion; or to confirm leaving the utterance (or the tree shown) while the bracket text has problems
 * (it is discarded).
 */
export type TreeDialogRequest =
  | { kind: 'add'; onSubmit(name: string, rootLabel: string, typed: boolean): void }
  | { kind: 'delete'; name: string; nodes: number; onSubmit(): void }
  | {
      kind: 'discard';
      problems: number;
      /** What discarding is for, as a question's start ("Leave this utterance") and a button ("leave"). */
      action: { question: string; button: string };
      onSubmit(): void;
    };

interface Props {
  request: TreeDialogRequest;
  onClose(): void;
}

/**
 * A small dialog for the trees of an utterance: a new tree (name, root label, typed or not: Tab moves
 * between the fields, Space ticks the box, Enter adds), or the confirmation that deletes one (Enter
 * deletes, Esc keeps it). Focus returns to the workspace on close.
 */
export function TreeDialog({ request, onClose }: Props) {
  const [name, setName] = useState('');
  const [root, setRoot] = useState('S');
  const [typed, setTyped] = useState(false);
  const first = useRef<HTMLInputElement & HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (): void => {
    onClose();
    if (request.kind === 'add') request.onSubmit(name.trim(), root.trim(), typed);
    else request.onSubmit();
  };
  const onKeyDown = (e: React.KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };

  if (request.kind === 'discard')
    return (
      <div
        className="prompt tree-dialog"
        role="alertdialog"
        aria-label="Discard the bracket text"
        onKeyDown={onKeyDown}
      >
        <p className="prompt-title">
          The bracket text has {request.problems} problem{request.problems === 1 ? '' : 's'} and is not saved.{' '}
          {request.action.question} and discard it?
        </p>
        <p className="prompt-hint muted">
          The tree keeps its last valid text. Esc stays here to fix the text (its problems are listed under
          it).
        </p>
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Stay (Esc)
          </button>
          <button type="button" className="danger" ref={first} onClick={submit}>
            Discard and {request.action.button} (Enter)
          </button>
        </div>
      </div>
    );
  if (request.kind === 'delete')
    return (
      <div
        className="prompt tree-dialog"
        role="alertdialog"
        aria-label="Delete the tree"
        onKeyDown={onKeyDown}
      >
        <p className="prompt-title">
          Delete the tree “{request.name}” and its {request.nodes} node{request.nodes === 1 ? '' : 's'}?
        </p>
        <p className="prompt-hint muted">The words and the other trees stay. Ctrl+Z brings it back.</p>
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Keep it (Esc)
          </button>
          <button type="button" className="danger" ref={first} onClick={submit}>
            Delete (Enter)
          </button>
        </div>
      </div>
    );
  return (
    <div className="prompt tree-dialog" role="dialog" aria-label="New tree" onKeyDown={onKeyDown}>
      <p className="prompt-title">New tree over the words</p>
      <label>
        Name
        <input
          ref={first}
          className="prompt-input mono"
          aria-label="Tree name"
          value={name}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        Root label
        <input
          className="prompt-input mono"
          aria-label="Root label"
          value={root}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setRoot(e.target.value)}
        />
      </label>
      <label className="tree-dialog-check">
        <input type="checkbox" checked={typed} onChange={(e) => setTyped(e.target.checked)} /> typed (every
        node TYPE:LABEL; the words get the type “word”)
      </label>
      <div className="prompt-hint muted">Tab: next field · Space: tick · Enter: add · Esc: cancel</div>
    </div>
  );
}
