import {
  MEMBER_REPORT_REASONS,
  type MemberReportBody,
  memberReportBodySchema,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
} from '@marketplace/contract';
import type { ReactNode } from 'react';
import { ReasonReportDialog } from '../../components/ReasonReportDialog.tsx';
import { de } from '../../i18n/de.ts';

/**
 * The open dialog 'Mitglied melden': a reason and an optional note, checked with the contract's
 * `memberReportBodySchema` (`POST /api/users/{id}/report`). Its own module, loaded when the
 * dialog opens, so the profile page's first load stays without zod
 * (docs/decisions/0017-checks-off-the-first-load.md).
 */
export function MemberReportDialog(props: {
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: MemberReportBody) => void;
  /** Shown instead of the form when reporting is not possible yet (an unconfirmed e-mail address). */
  notice?: ReactNode;
}) {
  return (
    <ReasonReportDialog
      open
      busy={props.busy}
      reasons={MEMBER_REPORT_REASONS}
      schema={memberReportBodySchema}
      textMax={REPORT_TEXT_MAX}
      texts={{
        title: de.profile.reportTitle,
        reason: de.profile.reportReason,
        text: de.profile.reportText,
        submit: de.profile.reportSubmit,
        cancel: de.profile.reportCancel,
        reasons: REPORT_REASON_LABELS.user,
      }}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      notice={props.notice}
    />
  );
}
