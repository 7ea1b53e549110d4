import type { ReactNode } from 'react';

interface HeroProps {
  /** Id of the page's h1, which names the section. */
  titleId: string;
  eyebrow: string;
  title: string;
  lead: string;
  /** The calls to action, in a wrapping row of buttons. */
  actions: ReactNode;
  /** Below the actions (e.g. the season note). */
  children?: ReactNode;
  /** A right-hand column on wide screens; without it the text takes two thirds of the width. */
  aside?: ReactNode;
}

/** The navy hero that opens the brand's and a product's landing page, so both read as one site. */
export function Hero({ titleId, eyebrow, title, lead, actions, children, aside }: HeroProps) {
  return (
    <section className="hero section" aria-labelledby={titleId}>
      <div className="container">
        <div className="align-items-center g-4 row">
          <div className={`col-lg-${aside ? 7 : 8}`}>
            <p className="eyebrow text-white mb-2">{eyebrow}</p>
            <h1 id={titleId} className="display-5 fw-bold mb-3">
              {title}
            </h1>
            <p className="lead mb-4">{lead}</p>
            <div className={`d-flex flex-wrap gap-3${children ? ' mb-4' : ''}`}>{actions}</div>
            {children}
          </div>
          {aside && <div className="col-lg-5">{aside}</div>}
        </div>
      </div>
    </section>
  );
}
