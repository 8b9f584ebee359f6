import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local with its HTTP listener bound to 127.0.0.1 only (its own launcher listens on every
 * interface and has no option for the address). Same arguments as DynamoDBLocal.jar, and `-port 0`
 * lets the OS pick the port. Once it listens it prints `LISTENING <port>` on stdout: the port it holds
 * (scripts/local/dynamo.ts waits for that line, so nothing else on a port can pass for it).
 * Rebuild: javac --release 17 -cp "<DynamoDBLocal.jar>:<DynamoDBLocal_lib>/*" LoopbackDynamoDBLocal.java
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    // Its argument check refuses port 0: it parses a placeholder, and the connector gets 0 below.
    boolean anyPort = false;
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-port") && args[i + 1].equals("0")) {
        args[i + 1] = "8000";
        anyPort = true;
      }
    }
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        ((ServerConnector) connector).setHost("127.0.0.1");
        if (anyPort) ((ServerConnector) connector).setPort(0);
      }
    }
    proxy.start();
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        System.out.println("LISTENING " + ((ServerConnector) connector).getLocalPort());
        System.out.flush();
      }
    }
  }
}
