import { multipart, pngBytes, uploadProof } from '../files-helpers';
import { ownerOfAAndAdmins, signedIn, type MatrixRows } from './types';

/** A file purchaser A uploaded: only A and the administrators may read it. */
const fileOfA = { id: '' };

export const filesRows: MatrixRows = {
  async setup({ app, tokens }) {
    fileOfA.id = (await uploadProof(app, tokens.purchaserA, 'ID_PROOF')).id;
  },
  rest: {
    'POST /api/v1/files': {
      body: () => null,
      raw: () =>
        multipart([
          { name: 'purpose', value: 'ID_PROOF' },
          { name: 'file', filename: 'passport.png', contentType: 'image/png', data: pngBytes() },
        ]),
      expected: signedIn,
    },
    'GET /api/v1/files/:id': {
      body: () => null,
      url: () => `/api/v1/files/${fileOfA.id}`,
      hidesOthers: true,
      expected: ownerOfAAndAdmins,
    },
  },
};
