import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Folder, HistoryItem } from '@/types/api';
import { useCreateFolder } from '../api/create-folder';
import { useDeleteFolder } from '../api/delete-folder';
import { useDeleteAllHistory } from '../api/delete-history';
import { useDeleteSearch } from '../api/delete-search';
import { useFolders } from '../api/get-folders';
import { useHistory } from '../api/get-history';
import { useMoveSearch, useRenameSearch } from '../api/update-search';

function HistoryRow({ item, folders }: { item: HistoryItem; folders: Folder[] }) {
  const uid = useId();
  const [editing, setEditing] = useState(false);
  const shown = item.display_title;
  const [title, setTitle] = useState(shown);
  const rename = useRenameSearch();
  const move = useMoveSearch();
  const remove = useDeleteSearch();
  const error = rename.error ?? move.error ?? remove.error;
  return (
    <li className="history__row" data-testid="history-row">
      {editing ? (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ id: item.id, title }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label htmlFor={`${uid}-title`} className="visually-hidden">
            New title
          </label>
          <input
            id={`${uid}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
            // Select it all with the caret at the start, so the box shows the title's beginning, not its end.
            onFocus={(e) => {
              e.currentTarget.setSelectionRange(0, e.currentTarget.value.length, 'backward');
              e.currentTarget.scrollLeft = 0;
            }}
          />
          <button type="submit" className="button">Save</button>
          <button type="button" className="button" onClick={() => setEditing(false)}>Cancel</button>
        </form>
      ) : (
        <Link to={`/searches/${item.id}`}>{shown}</Link>
      )}
      <span className="hint"> {new Date(item.created_at).toLocaleString()}</span>
      <div className="history__actions">
        {!editing && (
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            Rename<span className="visually-hidden"> “{shown}”</span>
          </button>
        )}
        <label className="visually-hidden" htmlFor={`${uid}-move`}>
          Move “{shown}” to folder
        </label>
        <select
          id={`${uid}-move`}
          value={item.folder ?? ''}
          onChange={(e) => move.mutate({ id: item.id, folder: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">No folder</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => {
            if (window.confirm('Delete this search from your history?')) remove.mutate(item.id);
          }}
        >
          Delete<span className="visually-hidden"> “{shown}”</span>
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </li>
  );
}

/** The user's searches grouped by folder, with rename, move, delete and delete-all. */
export function HistoryView() {
  const uid = useId();
  const history = useHistory(true);
  const folders = useFolders(true);
  const createFolder = useCreateFolder();
  const deleteFolder = useDeleteFolder();
  const deleteAll = useDeleteAllHistory();
  const [name, setName] = useState('');

  if (history.isPending || folders.isPending) return <p className="hint">Loading your history…</p>;
  if (history.isError) return <p className="alert alert--error" role="alert">Your history could not be loaded: {history.error.message}</p>;
  const folderList = folders.data ?? [];
  const groups: Array<{ folder: Folder | null; items: HistoryItem[] }> = [
    ...folderList.map((f) => ({ folder: f, items: history.data.filter((h) => h.folder === f.id) })),
    { folder: null, items: history.data.filter((h) => h.folder === null || !folderList.some((f) => f.id === h.folder)) },
  ];

  return (
    <section aria-labelledby={`${uid}-h`} className="panel history">
      <h2 id={`${uid}-h`}>History</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) createFolder.mutate(name.trim(), { onSuccess: () => setName('') });
        }}
      >
        <label htmlFor={`${uid}-folder`}>New folder</label>
        <input id={`${uid}-folder`} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button" disabled={createFolder.isPending}>Create folder</button>
      </form>
      {createFolder.error && <p className="field-error" role="alert">{createFolder.error.message}</p>}
      {history.data.length === 0 && (
        <div className="welcome" data-testid="history-empty">
          <p className="hint">No searches yet. Anonymous searches never appear here.</p>
          <Link to="/" className="button button--primary">
            Ask your first question
          </Link>
        </div>
      )}
      {groups.map(({ folder, items }) =>
        folder === null && items.length === 0 ? null : (
          <div key={folder?.id ?? 'none'} className="history__group">
            <h3>
              {folder ? folder.name : 'Not in a folder'} <span className="hint">({items.length})</span>
              {folder && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    if (window.confirm(`Delete the folder “${folder.name}”? Its searches stay in your history, outside any folder.`))
                      deleteFolder.mutate(folder.id);
                  }}
                >
                  Delete folder<span className="visually-hidden"> {folder.name}</span>
                </button>
              )}
            </h3>
            {items.length ? (
              <ul className="history__list">
                {items.map((item) => (
                  <HistoryRow key={item.id} item={item} folders={folderList} />
                ))}
              </ul>
            ) : (
              <p className="hint">Empty.</p>
            )}
          </div>
        ),
      )}
      {history.data.length > 0 && (
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            if (window.confirm('Delete your whole search history? This cannot be undone.')) deleteAll.mutate();
          }}
        >
          Delete all history
        </button>
      )}
    </section>
  );
}
