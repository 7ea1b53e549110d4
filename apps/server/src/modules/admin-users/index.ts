/** The administrators' user list and the spreadsheet import (its REST route). */
export { userImportRoutes } from './import';
