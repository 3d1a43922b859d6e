import './workspace.css';

interface Props {
  names: readonly string[];
  shown: string | null;
  typed: boolean;
  onShow(name: string): void;
}

/** The tree tier's name: which tree is edited (a list when there are several; Shift+T goes to the next). */
export function TreeMenu({ names, shown, typed, onShow }: Props) {
  return (
    <span className="tree-menu" data-testid="tree-menu">
      {names.length > 1 ? (
        <select aria-label="Tree shown" value={shown ?? ''} onChange={(e) => onShow(e.target.value)}>
          {names.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      ) : (
        <span>tree{shown ? `: ${shown}` : ''}</span>
      )}
      {shown && typed && <span title="a typed tree: every node is TYPE:LABEL">typed</span>}
    </span>
  );
}

/** Buttons to add, rename and delete trees (the keys Shift+N, Shift+R and Shift+Delete do the same). */
export function TreeButtons({
  shown,
  onCommand,
}: {
  shown: string | null;
  onCommand(action: 'addTree' | 'renameTree' | 'deleteTree'): void;
}) {
  return (
    <span className="tree-buttons" data-testid="tree-buttons">
      <button type="button" title="New tree (Shift+N)" onClick={() => onCommand('addTree')}>
        + tree
      </button>
      {shown && (
        <>
          <button type="button" title={`Rename "${shown}" (Shift+R)`} onClick={() => onCommand('renameTree')}>
            rename
          </button>
          <button
            type="button"
            title={`Delete "${shown}" (Shift+Delete)`}
            onClick={() => onCommand('deleteTree')}
          >
            delete
          </button>
        </>
      )}
    </span>
  );
}
