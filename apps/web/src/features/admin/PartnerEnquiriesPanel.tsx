import {
  PARTNER_ENQUIRY_STATUS_NAMES,
  PARTNER_ENQUIRY_STATUSES,
  PARTNER_TYPE_NAMES,
  type PartnerEnquiry,
  type PartnerEnquiryStatus,
} from '@marketplace/contract';
import { adminDateTime } from './FailingJobsPanel.tsx';
import { InboxEntry, InboxPanel } from './InboxPanel.tsx';
import {
  PARTNER_ENQUIRIES_PAGE_SIZE,
  useChangePartnerEnquiryStatus,
  usePartnerEnquiries,
} from './partnerEnquiriesApi.ts';
import { partnerEnquiryTexts as t } from './texts.ts';

/** One page of the enquiries as the inbox shows it. */
function usePartnerInbox(status: PartnerEnquiryStatus | null, page: number) {
  const query = usePartnerEnquiries(status, page);
  const data = query.data && { items: query.data.enquiries, total: query.data.total, open: query.data.open };
  return { data, isError: query.isError, error: query.error };
}

/** One enquiry: company, partner type, time, contact person with mail and phone, the message. */
function EnquiryEntry({ enquiry }: { enquiry: PartnerEnquiry }) {
  const change = useChangePartnerEnquiryStatus();
  return (
    <InboxEntry
      name={enquiry.company}
      status={enquiry.status}
      statusName={PARTNER_ENQUIRY_STATUS_NAMES[enquiry.status]}
      meta={`${PARTNER_TYPE_NAMES[enquiry.partner_type]} · ${adminDateTime(enquiry.created_at)}`}
      contactPrefix={`${t.contact}: ${enquiry.contact_name} · `}
      email={enquiry.email}
      phone={enquiry.phone}
      message={enquiry.message}
      statusChangedAt={enquiry.status_changed_at}
      texts={t}
      change={{ ...change, mutate: (status) => change.mutate({ id: enquiry.id, status }) }}
    />
  );
}

/**
 * The inbox of partner enquiries on /admin: newest first, ten a page, filtered by status (all,
 * new, in progress, handled), each with company, partner type, time, contact person with mail
 * and phone links, the message as written, and buttons that take it on, mark it handled or open
 * it again (`PATCH /api/admin/partner-enquiries/{id}`). The heading counts the open enquiries.
 */
export function PartnerEnquiriesPanel() {
  return (
    <InboxPanel
      headingId="admin-partner-title"
      texts={t}
      statuses={PARTNER_ENQUIRY_STATUSES}
      statusNames={PARTNER_ENQUIRY_STATUS_NAMES}
      pageSize={PARTNER_ENQUIRIES_PAGE_SIZE}
      useInbox={usePartnerInbox}
      renderEntry={(enquiry: PartnerEnquiry) => <EnquiryEntry enquiry={enquiry} />}
    />
  );
}
