import { Link } from 'react-router';

type AlertWithLinkProps = {
  text: string;
  /** Where the reader can go instead, and what the link says. */
  to: string;
  linkText: string;
  /** The alert's look and layout (daisyUI `alert` plus its variant). */
  className: string;
};

/** An alert that says what cannot be shown here, with a link to go on from it. */
export function AlertWithLink({ text, to, linkText, className }: AlertWithLinkProps) {
  return (
    <div role="alert" className={className}>
      <span>{text}</span>
      <Link to={to} className="btn btn-sm">
        {linkText}
      </Link>
    </div>
  );
}
