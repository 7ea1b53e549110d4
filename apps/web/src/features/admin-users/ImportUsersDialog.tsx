import { USER_IMPORT_LIMITS } from '@fhp/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { displayMessageOf } from '../../lib/graphql/errors';
import { useUserImport, type ImportAnswer } from './importApi';
import { EmailText } from './EmailText';

/**
 * Import Users: pick a CSV or XLSX file, see the preview (every bad row with its reason), then
 * import all of it or nothing (spec part 2; decision 053).
 */
export function ImportUsersDialog({ onClose, onImported }: { onClose: () => void; onImported: (message: string) => void }) {
  const upload = useUserImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (commit: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const answer = await upload.mutateAsync({ file, commit });
      if (answer.imported) onImported(answer.message);
      else setPreview(answer);
    } catch (error) {
      setPreview(null);
      setFailure(displayMessageOf(error));
    }
  };
  const bad = preview?.rows.filter((row) => row.errors.length > 0) ?? [];

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="import-title">
      <Modal.Header closeButton>
        <Modal.Title id="import-title" as="h2" className="h5">
          Import Users
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId="import-file" className="mb-3">
          <Form.Label>CSV or XLSX file with the columns firstName, lastName and email</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile((event.target as HTMLInputElement).files?.[0] ?? null);
              setPreview(null);
              setFailure(null);
            }}
          />
          <Form.Text>At most {USER_IMPORT_LIMITS.maxRecords} records and 10 MB. Imported users can be invited from the list.</Form.Text>
        </Form.Group>
        {failure ? (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <Alert variant={bad.length > 0 ? 'danger' : 'success'} role="status">
              {preview.message}
            </Alert>
            {/* Three columns, the problem first, the user's name above their email: it fits a 390 px phone without sideways scrolling (issue 20 item 5). */}
            <div className="import-preview">
              <Table size="sm" className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Problem</th>
                    <th scope="col">User</th>
                  </tr>
                </thead>
                <tbody>
                  {(bad.length > 0 ? bad : preview.rows.slice(0, 50)).map((row) => (
                    <tr key={row.row} className={row.errors.length > 0 ? 'table-danger' : undefined}>
                      <td>{row.row}</td>
                      <td>{row.errors.join('; ') || 'OK'}</td>
                      <td className="cell-text">
                        {[row.firstName, row.lastName].filter(Boolean).join(' ') || <span className="text-body-secondary">No name</span>}
                        <small className="d-block">
                          <EmailText email={row.email} />
                        </small>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        {preview && bad.length === 0 ? (
          <Button onClick={() => void send(true)} disabled={upload.isPending}>
            {upload.isPending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            Import {preview.rows.length} users
          </Button>
        ) : (
          <Button onClick={() => void send(false)} disabled={!file || upload.isPending}>
            {upload.isPending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            Check file
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
