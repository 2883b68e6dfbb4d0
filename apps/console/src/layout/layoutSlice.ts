// Shell state: sidebar (persisted), mobile drawer, visited tags.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSidebarOpened } from './sidebarStorage';
import { tokenCleared } from '../features/auth/authSlice';
import { addVisitedTag, closeAllTags, closeOtherTags, closeTag, registerAffixTags, type VisitedTag } from './tags';

export interface LayoutState {
  /** Desktop: full 240px sidebar when true, icon rail when false. */
  sidebarOpened: boolean;
  /** Mobile (<992px): temporary drawer visibility. */
  mobileSidebarOpen: boolean;
  visitedTags: VisitedTag[];
}

export function createInitialLayoutState(): LayoutState {
  return { sidebarOpened: readSidebarOpened(), mobileSidebarOpen: false, visitedTags: [] };
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: (): LayoutState => ({ sidebarOpened: true, mobileSidebarOpen: false, visitedTags: [] }),
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpened = !state.sidebarOpened;
    },
    mobileSidebarToggled(state) {
      state.mobileSidebarOpen = !state.mobileSidebarOpen;
    },
    mobileSidebarClosed(state) {
      state.mobileSidebarOpen = false;
    },
    affixTagsRegistered(state, action: PayloadAction<VisitedTag[]>) {
      state.visitedTags = registerAffixTags(state.visitedTags, action.payload);
    },
    tagVisited(state, action: PayloadAction<VisitedTag>) {
      state.visitedTags = addVisitedTag(state.visitedTags, action.payload);
    },
    tagClosed(state, action: PayloadAction<string>) {
      state.visitedTags = closeTag(state.visitedTags, action.payload);
    },
    otherTagsClosed(state, action: PayloadAction<string>) {
      state.visitedTags = closeOtherTags(state.visitedTags, action.payload);
    },
    allTagsClosed(state) {
      state.visitedTags = closeAllTags(state.visitedTags);
    },
  },
  extraReducers: (builder) => {
    // Views visited by one user are not offered to the next one.
    builder.addCase(tokenCleared, (state) => {
      state.visitedTags = closeAllTags(state.visitedTags);
    });
  },
});

export const {
  sidebarToggled,
  mobileSidebarToggled,
  mobileSidebarClosed,
  affixTagsRegistered,
  tagVisited,
  tagClosed,
  otherTagsClosed,
  allTagsClosed,
} = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
