import './workspace.css';

interface Props {
  names: readonly string[];
  shown: string | null;
  typed: boolean;
  onShow(name: string): void;
  onCommand(action: 'addTree' | 'renameTree' | 'deleteTree'): void;
}

/**
 * The tree tier's name: which tree is edited (a list when there are several) and buttons to add, rename
 * and delete trees. The same is on the keys Shift+T, Shift+N, Shift+R and Shift+Delete.
 */
export function TreeMenu({ names, shown, typed, onShow, onCommand }: Props) {
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
      <button type="button" title="New tree (Shift+N)" onClick={() => onCommand('addTree')}>
        + tree
      </button>
      {shown && (
        <>
          <button type="button" title="Rename this tree (Shift+R)" onClick={() => onCommand('renameTree')}>
            rename
          </button>
          <button
            type="button"
            title="Delete this tree (Shift+Delete)"
            onClick={() => onCommand('deleteTree')}
          >
            delete
          </button>
        </>
      )}
    </span>
  );
}
