/** Entry of the dashboards bundle (client/build.ts → client/dist/app.js). */
import './components/tq-app.ts';
