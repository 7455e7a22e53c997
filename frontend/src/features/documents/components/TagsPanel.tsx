/**
 * A panel listing a study's tags (publication types, MeSH terms), or a hint when it has none: both lists look
 * and read the same, so they share this one markup.
 */
export function TagsPanel({ id, title, tags, empty }: { id: string; title: string; tags: string[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="panel">
      <h2 id={id}>{title}</h2>
      {tags.length ? (
        <ul className="tags">
          {tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{empty}</p>
      )}
    </section>
  );
}
