import { createAction } from '@reduxjs/toolkit';

// Dispatched by the base query on any 401 whose code is Unauthenticated; the session slice listens (SPEC §4).
export const unauthenticatedResponse = createAction('api/unauthenticatedResponse');
