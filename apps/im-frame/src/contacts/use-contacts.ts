// The contacts port of the frame's chat client, for screens; undefined when the client has none
// (then the screens hide system messages and the blocklist/mutelist controls).
import { useEffect, useState } from 'react';
import { useChatController } from '../chat/chat-context';
import type { ContactsPort } from './contacts-port';

export function useContacts(): ContactsPort | undefined {
  return useChatController().contacts;
}

/** Reads `load` now and again after every change the port reports; undefined while the first read runs. */
export function useContactsValue<T>(contacts: ContactsPort | undefined, load: (port: ContactsPort) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!contacts) return;
    let current = true;
    const read = () => {
      load(contacts).then(
        (next) => current && setValue(next),
        () => undefined,
      );
    };
    read();
    const unsubscribe = contacts.onChange(read);
    return () => {
      current = false;
      unsubscribe();
    };
    // `load` is a new closure each render; `deps` say when what it reads changes.
  }, [contacts, ...deps]);
  return value;
}
