// The marketing pages' blocks (the home page, the freelancer landing page): a section of icon tiles and a
// section of numbered steps, each under its heading. The texts come translated from the page.

export interface TileItem {
  key: string;
  icon: string;
  title: string;
  text: string;
}

export function TileSection({
  id,
  title,
  items,
  columns = 4,
  plain = false,
}: {
  id: string;
  title: string;
  items: readonly TileItem[];
  columns?: 3 | 4;
  plain?: boolean;
}) {
  return (
    <section className="landing-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className={columns === 3 ? 'tile-grid tile-grid-3' : 'tile-grid'}>
        {items.map((item) => (
          <article key={item.key} className={plain ? 'tile tile-plain' : 'tile'}>
            <span className={`tile-icon ${item.icon}`} aria-hidden="true" />
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

export function StepSection({
  id,
  title,
  steps,
}: {
  id: string;
  title: string;
  steps: readonly { key: string; title: string; text: string }[];
}) {
  return (
    <section className="landing-section landing-steps" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.key} className="step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
