import { BULK_USER_ACTIONS, formatLocalMediumDate, roleTitle, USER_LIST_PAGE_SIZES, USER_STATUS_FILTERS, type BulkUserAction, type UserStatusFilter } from '@fhp/domain';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { EmptyState } from '../../components/EmptyState';
import { DEFAULT_ERROR_DESCRIPTION, ErrorDialog } from '../../components/ErrorDialog';
import { ScrollTable, StaffList } from '../../components/StaffList';
import { SuccessDialog } from '../../components/SuccessDialog';
import { useWhoAmI } from '../../lib/auth/identity';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBulkUserAction, useUserAction, useUserList, type AdminUser, type BulkOutcome, type UserAction, type UserListFilters } from './api';
import { ImportUsersDialog } from './ImportUsersDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { StatusBadge, userName } from './StatusBadge';
import { UserDetail } from './UserDetail';
import './admin-users.css';
import { EmailText } from './EmailText';

const ACTION_LABELS: Record<UserAction, string> = { invite: 'Invite', reinvite: 'Re-invite', suspend: 'Suspend', reactivate: 'Reactivate', delete: 'Delete' };
const BULK_LABELS: Record<BulkUserAction, string> = {
  reset_password: 'Reset password',
  delete_user: 'Delete',
  suspend_user: 'Suspend',
  invite_user: 'Invite',
};
/** Actions that lock someone out are confirmed first. */
const CONFIRM: Partial<Record<UserAction, string>> = {
  suspend: 'will be signed out and cannot sign in until reactivated.',
  delete: 'will be deleted: the name, email, phone, payout account and identity documents are erased; policies and payments are kept.',
};
/** The same for a selection: what happens to each selected user. */
const CONFIRM_BULK: Partial<Record<BulkUserAction, string>> = {
  suspend_user: 'Each will be signed out and cannot sign in until reactivated.',
  delete_user: 'Each will be deleted: names, emails, phones, payout accounts and identity documents are erased; policies and payments are kept.',
  reset_password: 'Each will have to sign in with an emailed code until they choose a new password.',
};

/**
 * Which row actions make sense for a user's display status: a user created or imported and never
 * sent an invitation is invited; one already invited (or verified, not yet set up) is re-invited.
 */
export function actionsFor(user: Pick<AdminUser, 'suspended' | 'status'>): UserAction[] {
  if (user.suspended) return ['reactivate', 'delete'];
  const invite: UserAction[] = user.status === 'created' ? ['invite'] : user.status === 'invited' || user.status === 'verified' ? ['reinvite'] : [];
  return [...invite, 'suspend', 'delete'];
}

type Outcome = { ok: true; message: string } | { ok: false; message: string; retry?: () => void } | { bulk: BulkOutcome[] };

/**
 * The administrators' users list (spec part 2 "Users list (admin)"): search, status filter, pages
 * of 10, 20 or 30, New User, Refresh, reinvite, row actions and bulk actions on a selection.
 */
export function UsersPage() {
  usePageTitle('Users');
  const whoAmI = useWhoAmI();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<UserListFilters>({ search: '', status: 'any', page: 1, pageSize: USER_LIST_PAGE_SIZES[0] });
  const list = useUserList(filters);
  const action = useUserAction();
  const bulk = useBulkUserAction();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkAction, setBulkAction] = useState<BulkUserAction>('suspend_user');
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [detail, setDetail] = useState<AdminUser | null>(null);
  const [confirming, setConfirming] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const [confirmingBulk, setConfirmingBulk] = useState<BulkUserAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refilter = (change: Partial<UserListFilters>) => {
    setFilters((current) => ({ ...current, page: 1, ...change }));
    setSelected(new Set());
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    refilter({ search: typed.trim() });
  };

  const run = async (which: UserAction, user: AdminUser) => {
    setConfirming(null);
    try {
      setOutcome({ ok: true, message: await action.mutateAsync({ action: which, email: user.email }) });
    } catch (failure) {
      setOutcome({ ok: false, message: displayMessageOf(failure), retry: () => void run(which, user) });
    }
  };
  const ask = (which: UserAction, user: AdminUser) => (CONFIRM[which] ? setConfirming({ action: which, user }) : void run(which, user));

  const runBulk = async (which: BulkUserAction) => {
    setConfirmingBulk(null);
    try {
      setOutcome({ bulk: await bulk.mutateAsync({ action: which, emails: [...selected] }) });
      setSelected(new Set());
    } catch (failure) {
      setOutcome({ ok: false, message: displayMessageOf(failure) });
    }
  };

  const page = list.data;
  const rows = page?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((u) => selected.has(u.email));
  const toggle = (email: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(email)) next.delete(email);
      else next.add(email);
      return next;
    });

  return (
    <Container as="section" className="admin-users py-4" aria-labelledby="users-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="users-title" className="h3 mb-0 me-auto">
          Users
        </h1>
        <Button onClick={() => setInviting(true)}>New User</Button>
        <Button variant="outline-primary" onClick={() => setImporting(true)}>
          Import Users
        </Button>
        <Button variant="outline-secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </Button>
        <Button variant="outline-primary" disabled={selected.size === 0 || bulk.isPending} onClick={() => void runBulk('invite_user')}>
          reinvite
        </Button>
      </div>

      <Form className="row g-2 align-items-end mb-3" onSubmit={search} role="search">
        <Form.Group className="col-12 col-lg-6" controlId="users-search">
          <Form.Label className="small mb-1">Search by first name, last name or email</Form.Label>
          <InputGroup>
            <Form.Control type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
            <Button type="submit" variant="primary">
              Search
            </Button>
          </InputGroup>
        </Form.Group>
        <Form.Group className="col-6 col-lg-3" controlId="users-status">
          <Form.Label className="small mb-1">Status</Form.Label>
          <Form.Select value={filters.status} onChange={(e) => refilter({ status: e.target.value as UserStatusFilter })}>
            {USER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s} className="text-capitalize">
                {s}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-lg-3" controlId="users-page-size">
          <Form.Label className="small mb-1">Rows per page</Form.Label>
          <Form.Select value={filters.pageSize} onChange={(e) => refilter({ pageSize: Number(e.target.value) })}>
            {USER_LIST_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>

      {selected.size > 0 ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded bg-body-tertiary" aria-live="polite">
          <span className="me-auto">{selected.size} selected</span>
          <Form.Select aria-label="Bulk action" size="sm" style={{ width: 'auto' }} value={bulkAction} onChange={(e) => setBulkAction(e.target.value as BulkUserAction)}>
            {BULK_USER_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {BULK_LABELS[a]}
              </option>
            ))}
          </Form.Select>
          <Button size="sm" onClick={() => (CONFIRM_BULK[bulkAction] ? setConfirmingBulk(bulkAction) : void runBulk(bulkAction))} disabled={bulk.isPending}>
            Apply to selected
          </Button>
        </div>
      ) : null}

      <StaffList
        query={list}
        rows={page?.data}
        loading="Retrieving users..."
        empty={<EmptyState title="No users found">No user matches this search and filter.</EmptyState>}
        failure={(error) => (
          <ErrorDialog show description={DEFAULT_ERROR_DESCRIPTION} detail={displayMessageOf(error)} onRetry={() => void list.refetch()} onClose={() => refilter({})} />
        )}
      >
        {(users) => (
          <ScrollTable label="Users" hover className="align-middle">
            <thead>
              <tr>
                <th scope="col">
                  <Form.Check
                    aria-label="Select every user on this page"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((u) => u.email)))}
                  />
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="d-none d-lg-table-cell">
                  Email
                </th>
                <th scope="col" className="d-none d-lg-table-cell">
                  Role
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="d-none d-lg-table-cell">
                  Date created
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Form.Check aria-label={`Select ${user.email}`} checked={selected.has(user.email)} onChange={() => toggle(user.email)} />
                  </td>
                  <td>
                    <Button variant="link" className="p-0 text-start" onClick={() => setDetail(user)}>
                      {userName(user)}
                    </Button>
                    {/* Narrow screens: the email under the name, instead of a column too thin for it. */}
                    <div className="small text-body-secondary d-lg-none">
                      <EmailText email={user.email} />
                    </div>
                  </td>
                  <td className="d-none d-lg-table-cell">
                    <EmailText email={user.email} />
                  </td>
                  <td className="d-none d-lg-table-cell">{roleTitle(user.group)}</td>
                  <td>
                    <StatusBadge status={user.status} />
                  </td>
                  <td className="d-none d-lg-table-cell">{formatLocalMediumDate(user.createdAt)}</td>
                  <td className="text-end">
                    {user.id === whoAmI.data?.userId || user.group === 'owner' ? null : (
                      <Dropdown align="end">
                        <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={`Actions for ${user.email}`}>
                          Actions
                        </Dropdown.Toggle>
                        <Dropdown.Menu>
                          {actionsFor(user).map((a) => (
                            <Dropdown.Item key={a} as="button" onClick={() => ask(a, user)} className={a === 'delete' ? 'text-danger' : undefined}>
                              {ACTION_LABELS[a]}
                            </Dropdown.Item>
                          ))}
                        </Dropdown.Menu>
                      </Dropdown>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </StaffList>

      {page && page.totalCount > 0 ? (
        <nav className="d-flex flex-wrap align-items-center gap-2" aria-label="Pages">
          <span className="me-auto text-body-secondary small">
            Page {page.currentPage} of {page.totalPages} · {page.totalCount} users
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page.currentPage <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
            Previous
          </Button>
          <Button size="sm" variant="outline-secondary" disabled={page.currentPage >= page.totalPages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
            Next
          </Button>
        </nav>
      ) : null}

      {inviting ? (
        <InviteUserDialog
          onClose={() => setInviting(false)}
          onInvited={(message) => {
            setInviting(false);
            setOutcome({ ok: true, message });
          }}
        />
      ) : null}
      {importing ? (
        <ImportUsersDialog
          onClose={() => setImporting(false)}
          onImported={(message) => {
            setImporting(false);
            setOutcome({ ok: true, message });
          }}
        />
      ) : null}
      {detail ? <UserDetail user={detail} onClose={() => setDetail(null)} /> : null}
      {confirming ? (
        <Modal show centered onHide={() => setConfirming(null)} aria-labelledby="confirm-title">
          <Modal.Header closeButton>
            <Modal.Title id="confirm-title" as="h2" className="h5">
              {ACTION_LABELS[confirming.action]} {userName(confirming.user)}?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {confirming.user.email} {CONFIRM[confirming.action]}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void run(confirming.action, confirming.user)}>
              {ACTION_LABELS[confirming.action]}
            </Button>
          </Modal.Footer>
        </Modal>
      ) : null}
      {confirmingBulk ? (
        <Modal show centered onHide={() => setConfirmingBulk(null)} aria-labelledby="confirm-bulk-title">
          <Modal.Header closeButton>
            <Modal.Title id="confirm-bulk-title" as="h2" className="h5">
              {BULK_LABELS[confirmingBulk]} {selected.size} {selected.size === 1 ? 'user' : 'users'}?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{CONFIRM_BULK[confirmingBulk]}</p>
            <ul className="list-unstyled small mb-0">
              {[...selected].map((email) => (
                <li key={email}>
                  <EmailText email={email} />
                </li>
              ))}
            </ul>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setConfirmingBulk(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void runBulk(confirmingBulk)}>
              {BULK_LABELS[confirmingBulk]}
            </Button>
          </Modal.Footer>
        </Modal>
      ) : null}
      {outcome && 'bulk' in outcome ? (
        <Modal show centered onHide={() => setOutcome(null)} aria-labelledby="bulk-title">
          <Modal.Header closeButton>
            <Modal.Title id="bulk-title" as="h2" className="h5">
              What happened
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <ul className="list-unstyled mb-0">
              {outcome.bulk.map((o) => (
                <li key={o.email} className="mb-2">
                  <strong className={o.ok ? 'text-success' : 'text-danger'}>{o.ok ? '✓' : '✗'}</strong> <EmailText email={o.email} />: {o.message}
                </li>
              ))}
            </ul>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setOutcome(null)}>
              Close
            </Button>
          </Modal.Footer>
        </Modal>
      ) : null}
      {outcome && 'ok' in outcome && outcome.ok ? <SuccessDialog show description={outcome.message} onClose={() => setOutcome(null)} /> : null}
      {outcome && 'ok' in outcome && !outcome.ok ? (
        <ErrorDialog
          show
          detail={outcome.message}
          onRetry={
            outcome.retry
              ? () => {
                  setOutcome(null);
                  outcome.retry?.();
                }
              : undefined
          }
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </Container>
  );
}
