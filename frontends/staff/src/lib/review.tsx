import { Button } from '@uapqa/ui';

/**
 * The buttons of a review once opened: approve, refuse (`refuse` names it: Decline, Reject) and
 * put it away. None can be pressed while a decision is on its way (`busy`).
 */
export function DecisionButtons({
  refuse,
  onApprove,
  onRefuse,
  onCancel,
  busy,
  approveDisabled = false,
}: {
  refuse: string;
  onApprove: () => void;
  onRefuse: () => void;
  onCancel: () => void;
  busy: boolean;
  approveDisabled?: boolean;
}) {
  return (
    <>
      <Button onClick={onApprove} disabled={busy || approveDisabled}>
        Approve
      </Button>
      <Button $variant="danger" onClick={onRefuse} disabled={busy}>
        {refuse}
      </Button>
      <Button $variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </>
  );
}

/** An applicant's website: a link only when it is an http(s) address, never `javascript:`. */
export function ApplicantWebsite({ website }: { website: string | null }) {
  if (!website) return null;
  return /^https?:\/\//i.test(website) ? (
    <a href={website} target="_blank" rel="noreferrer noopener">
      {website}
    </a>
  ) : (
    <div className="small">{website}</div>
  );
}
