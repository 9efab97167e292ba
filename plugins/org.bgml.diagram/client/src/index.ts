// reflect-metadata must run before any inversify-decorated class is loaded
import 'reflect-metadata';
import 'sprotty/css/sprotty.css';
import 'sprotty/css/edit-label.css';
import '../css/bgml-diagram.css';
import { startDiagram } from './app';
import { readHostConfig } from './host/host-config';

declare global {
    interface Window {
        BGML_CONFIG?: Record<string, string | boolean>;
    }
}

try {
    startDiagram(readHostConfig(window.location, window.BGML_CONFIG));
} catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    document.body.append(Object.assign(document.createElement('p'), { id: 'bgml-config-error', textContent: message }));
    console.error(message);
}
