import type { LandingContent } from './api';

export function HowItWorks({ steps }: { steps: LandingContent['howItWorks'] }) {
  return (
    <div className="row row-cols-1 row-cols-md-2 row-cols-xl-4 g-4">
      {steps.map((step, index) => (
        <div key={step.title} className="col">
          <article className="h-100 p-4 bg-white rounded-3 shadow-sm">
            <p className="eyebrow mb-2">Step {index + 1}</p>
            <h3 className="h5">{step.title}</h3>
            <p className="text-body-secondary mb-0">{step.text}</p>
          </article>
        </div>
      ))}
    </div>
  );
}
