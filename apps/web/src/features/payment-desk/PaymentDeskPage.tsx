import { defineAbilityFor } from '@fhp/domain';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { EmptyState } from '../../components/EmptyState';
import { StaffList } from '../../components/StaffList';
import { useWhoAmI } from '../../lib/auth/identity';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePaymentDesk, useRecordPayment } from './api';
import { PolicyPaymentCard } from './PolicyPaymentCard';
import './payment-desk.css';

/**
 * The payment desk (product-decisions "Roles at work"): a teller at a partner credit union, or an
 * admin, finds a policy by number, bank-transfer reference or the holder's email, sees what is owed,
 * the schedule and the payments so far, records a payment and prints its receipt. It shows the
 * policy, the holder's name and the schedule; never identity documents or bank details.
 */
export function PaymentDeskPage() {
  usePageTitle('Payment desk');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const whoAmI = useWhoAmI();
  const results = usePaymentDesk(search);
  const recording = useRecordPayment(search);
  const ability = defineAbilityFor(whoAmI.data ? { id: whoAmI.data.userId, role: whoAmI.data.role } : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    setSearch(value === '' ? null : value);
  };

  return (
    <Container as="section" className="py-4 payment-desk" aria-labelledby="payment-desk-title">
      <h1 id="payment-desk-title" className="h3 mb-1">
        Payment desk
      </h1>
      <p className="text-body-secondary mb-4">Find a policy, check what is owed, record a payment and print the receipt.</p>

      <Form onSubmit={submit} role="search" className="mb-4" noValidate>
        <Form.Label htmlFor="desk-search">Policy number, bank transfer reference or holder’s email</Form.Label>
        <InputGroup>
          <Form.Control
            id="desk-search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="FHP-GD-2027-000042"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="primary">
            Find
          </Button>
        </InputGroup>
      </Form>

      {search === null ? (
        <EmptyState title="Find a policy to begin">Enter the number on the holder’s policy email, the reference of a bank transfer, or the holder’s email address.</EmptyState>
      ) : (
        <StaffList
          query={results}
          rows={results.data}
          loading="Retrieving the policy..."
          empty={<EmptyState title="No policy found">No policy has this number, reference or holder email. Please check it and try again.</EmptyState>}
        >
          {(found) =>
            found.map((policy) => (
              <PolicyPaymentCard
                key={policy.policyId}
                policy={policy}
                ability={ability}
                pending={recording.isPending}
                onRecord={(input) => recording.mutateAsync(input)}
              />
            ))
          }
        </StaffList>
      )}
    </Container>
  );
}
